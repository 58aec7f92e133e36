import type { Queryable } from '../db/queryable.js';
import { lockRow } from '../db/row-lock.js';

/** The read-model tables the projections write, keyed by the Stripe id. */
export type ReadModelTable = 'donors' | 'payment_methods' | 'payment_intents' | 'subscriptions' | 'invoices' | 'charges';
const TABLES: readonly ReadModelTable[] = ['donors', 'payment_methods', 'payment_intents', 'subscriptions', 'invoices', 'charges'];

function checked(table: ReadModelTable): ReadModelTable {
  // Table and column names come from this code, never from input; the check keeps it that way.
  if (!TABLES.includes(table)) throw new Error(`Not a read-model table: ${table}`);
  return table;
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;

/**
 * SQL of the projections. Every write of one object happens under a transaction-scoped advisory lock on
 * (table, id) (`lockRow`): two workers projecting events of one object serialise, even before its row exists.
 */
export const readModel = {
  async lock(db: Queryable, table: ReadModelTable, id: string): Promise<void> {
    await lockRow(db, checked(table), id);
  },

  async find<T = Record<string, any>>(db: Queryable, table: ReadModelTable, id: string): Promise<T | null> {
    const rows = await db.query(`SELECT * FROM ${checked(table)} WHERE id = $1`, [id]);
    return (rows[0] as T) ?? null;
  },

  /** Writes the whole row (insert or replace). Objects other than dates are stored as jsonb. */
  async upsert(db: Queryable, table: ReadModelTable, row: Record<string, unknown>): Promise<void> {
    const cols = Object.keys(row).filter((c) => row[c] !== undefined);
    for (const c of cols) if (!COLUMN.test(c)) throw new Error(`Bad column name ${c}`);
    const values = cols.map((c) => {
      const v = row[c];
      return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
    });
    const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
    if (table === 'donors') updates.push('updated_at = now()');
    await db.query(
      `INSERT INTO ${checked(table)} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
      values,
    );
  },

  async chargeIdsByPaymentIntent(db: Queryable, paymentIntentId: string): Promise<string[]> {
    const rows = await db.query(`SELECT id FROM charges WHERE payment_intent_id = $1 ORDER BY id`, [paymentIntentId]);
    return rows.map((r: { id: string }) => r.id);
  },

  async chargeIdsBySubscription(db: Queryable, subscriptionId: string): Promise<string[]> {
    const rows = await db.query(`SELECT id FROM charges WHERE subscription_id = $1 ORDER BY id`, [subscriptionId]);
    return rows.map((r: { id: string }) => r.id);
  },

  async invoiceByPaymentIntent(db: Queryable, paymentIntentId: string): Promise<{ id: string; subscription_id: string | null; customer_id: string | null } | null> {
    const rows = await db.query(
      `SELECT id, subscription_id, customer_id FROM invoices WHERE payment_intent_id = $1 ORDER BY created DESC, id LIMIT 1`,
      [paymentIntentId],
    );
    return rows[0] ?? null;
  },

  async invoiceByCharge(db: Queryable, chargeId: string): Promise<{ id: string; subscription_id: string | null; customer_id: string | null } | null> {
    const rows = await db.query(`SELECT id, subscription_id, customer_id FROM invoices WHERE charge_id = $1 LIMIT 1`, [chargeId]);
    return rows[0] ?? null;
  },
};
