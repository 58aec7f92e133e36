import type { Queryable } from '../db/queryable.js';
import { lockRow } from '../db/row-lock.js';
import { upsertStatement, writeBehindOf } from './write-behind.js';

/** The read-model tables the projections write, keyed by the Stripe id. */
export type ReadModelTable =
  'donors' | 'payment_methods' | 'payment_intents' | 'subscriptions' | 'invoices' | 'charges';
const TABLES: readonly ReadModelTable[] = [
  'donors',
  'payment_methods',
  'payment_intents',
  'subscriptions',
  'invoices',
  'charges',
];

function checked(table: ReadModelTable): ReadModelTable {
  // Table and column names come from this code, never from input; the check keeps it that way.
  if (!TABLES.includes(table)) throw new Error(`Not a read-model table: ${table}`);
  return table;
}

/** What a charge reads of its invoice: the links, and whether it was the plan's first (billing_reason). */
export interface InvoiceLink {
  id: string;
  subscription_id: string | null;
  customer_id: string | null;
  billing_reason: string | null;
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;

/**
 * Rows a batch transaction read ahead, in one statement per table (`table:id`, or `invoice-of-pi:` /
 * `invoice-of-charge:` + id; null = known absent). A key is dropped as soon as the batch writes what it
 * covers, so a later read in the batch goes to the database and sees the write.
 */
export interface RowCache {
  prefetched?: Map<string, Record<string, any> | null>;
}

const cacheOf = (db: Queryable) => (db as Queryable & RowCache).prefetched;

/**
 * Records what a read-ahead found: every key asked for (`prefix:id`) as known absent, then each row found under
 * its own key (`keyOf`, the row's id by default).
 */
export function rememberRows<R extends Record<string, any>>(
  cache: Map<string, Record<string, any> | null>,
  prefix: string,
  asked: Iterable<string>,
  found: Iterable<R>,
  keyOf: (row: R) => string = (row) => row.id,
  value: (row: R) => Record<string, any> = (row) => row,
): void {
  for (const id of asked) cache.set(`${prefix}:${id}`, null);
  for (const row of found) cache.set(`${prefix}:${keyOf(row)}`, value(row));
}

export async function cached<T>(db: Queryable, key: string, read: () => Promise<T | null>): Promise<T | null> {
  const cache = cacheOf(db);
  return cache?.has(key) ? ((cache.get(key) as T) ?? null) : read();
}

/**
 * SQL of the projections. Every write of one object happens under a transaction-scoped advisory lock on
 * (table, id) (`lockRow`): two workers projecting events of one object serialise, even before its row exists.
 */
export const readModel = {
  async lock(db: Queryable, table: ReadModelTable, id: string): Promise<void> {
    await lockRow(db, checked(table), id);
  },

  async find<T = Record<string, any>>(db: Queryable, table: ReadModelTable, id: string): Promise<T | null> {
    return cached(db, `${table}:${id}`, async () => {
      const rows = await db.query(`SELECT * FROM ${checked(table)} WHERE id = $1`, [id]);
      return (rows[0] as T) ?? null;
    });
  },

  /**
   * Reads ahead, for a batch transaction holding a RowCache, the rows that charge events look up: the charges,
   * their payment intents, and the invoices naming either (three statements for the whole batch).
   */
  async prefetchForCharges(
    db: Queryable & RowCache,
    charges: ReadonlyArray<{ id: string; paymentIntentId: string | null }>,
  ): Promise<void> {
    if (!charges.length) return;
    const cache = (db.prefetched ??= new Map());
    const ids = charges.map((c) => c.id);
    const pis = [...new Set(charges.map((c) => c.paymentIntentId).filter((p): p is string => !!p))];
    const [chargeRows, piRows, invoiceRows] = [
      await db.query(`SELECT * FROM charges WHERE id = ANY($1::text[])`, [ids]),
      await db.query(`SELECT * FROM payment_intents WHERE id = ANY($1::text[])`, [pis]),
      await db.query(
        `SELECT id, subscription_id, customer_id, billing_reason, payment_intent_id, charge_id FROM invoices
          WHERE payment_intent_id = ANY($1::text[]) OR charge_id = ANY($2::text[]) ORDER BY created DESC, id`,
        [pis, ids],
      ),
    ] as Array<Array<Record<string, any>>>;
    rememberRows(cache, 'charges', ids, chargeRows);
    rememberRows(cache, 'payment_intents', pis, piRows);
    rememberRows(cache, 'invoice-of-pi', pis, []);
    rememberRows(cache, 'invoice-of-charge', ids, []);
    // In invoiceByPaymentIntent's order: the newest invoice of a payment intent is the first seen.
    for (const { payment_intent_id: pi, charge_id: ch, ...inv } of invoiceRows) {
      const row = {
        id: inv.id,
        subscription_id: inv.subscription_id,
        customer_id: inv.customer_id,
        billing_reason: inv.billing_reason,
      };
      if (pi && pis.includes(pi) && !cache.get(`invoice-of-pi:${pi}`)) cache.set(`invoice-of-pi:${pi}`, row);
      if (ch && ids.includes(ch) && !cache.get(`invoice-of-charge:${ch}`)) cache.set(`invoice-of-charge:${ch}`, row);
    }
  },

  /** Reads ahead the donors rows customer events write, and whether each has a counted gift (hasGift). */
  async prefetchDonors(db: Queryable & RowCache, customerIds: readonly string[]): Promise<void> {
    if (!customerIds.length) return;
    const cache = (db.prefetched ??= new Map());
    const ids = [...new Set(customerIds)];
    const rows: Array<Record<string, any>> = await db.query(`SELECT * FROM donors WHERE id = ANY($1::text[])`, [ids]);
    const gifts: Array<{ customer_id: string }> = await db.query(
      `SELECT customer_id FROM donor_totals WHERE customer_id = ANY($1::text[]) AND donation_count > 0`,
      [ids],
    );
    rememberRows(cache, 'donors', ids, rows);
    rememberRows(
      cache,
      'has-gift',
      ids,
      gifts,
      (g) => g.customer_id,
      () => ({ yes: true }),
    );
  },

  /**
   * Writes the whole row (insert or replace); columns left undefined keep their value. Objects other than dates
   * are stored as jsonb. In a batch transaction with a WriteBehind the write waits for the batch's next
   * statement (subscriptions write through: a row trigger keeps plan_totals).
   */
  async upsert(db: Queryable, table: ReadModelTable, row: Record<string, unknown>): Promise<void> {
    // A loop rather than Object.fromEntries(Object.entries(...).filter(...)): this runs once per projected event.
    const defined: Record<string, unknown> = {};
    for (const c of Object.keys(row)) {
      if (row[c] === undefined) continue;
      if (!COLUMN.test(c)) throw new Error(`Bad column name ${c}`);
      defined[c] = row[c];
    }
    const cache = cacheOf(db);
    cache?.delete(`${table}:${row.id}`);
    if (cache && table === 'invoices')
      for (const k of [...cache.keys()]) if (k.startsWith('invoice-of-')) cache.delete(k);
    const behind = writeBehindOf(db);
    if (behind && table !== 'subscriptions') return behind.add(checked(table), defined);
    await db.query(...upsertStatement(checked(table), Object.keys(defined), [defined]));
  },

  async chargeIdsByPaymentIntent(db: Queryable, paymentIntentId: string): Promise<string[]> {
    const rows = await db.query(`SELECT id FROM charges WHERE payment_intent_id = $1 ORDER BY id`, [paymentIntentId]);
    return rows.map((r: { id: string }) => r.id);
  },

  async chargeIdsBySubscription(db: Queryable, subscriptionId: string): Promise<string[]> {
    const rows = await db.query(`SELECT id FROM charges WHERE subscription_id = $1 ORDER BY id`, [subscriptionId]);
    return rows.map((r: { id: string }) => r.id);
  },

  async invoiceByPaymentIntent(db: Queryable, paymentIntentId: string): Promise<InvoiceLink | null> {
    return cached(db, `invoice-of-pi:${paymentIntentId}`, async () => {
      const rows = await db.query(
        `SELECT id, subscription_id, customer_id, billing_reason FROM invoices WHERE payment_intent_id = $1 ORDER BY created DESC, id LIMIT 1`,
        [paymentIntentId],
      );
      return rows[0] ?? null;
    });
  },

  async invoiceByCharge(db: Queryable, chargeId: string): Promise<InvoiceLink | null> {
    return cached(db, `invoice-of-charge:${chargeId}`, async () => {
      const rows = await db.query(
        `SELECT id, subscription_id, customer_id, billing_reason FROM invoices WHERE charge_id = $1 LIMIT 1`,
        [chargeId],
      );
      return rows[0] ?? null;
    });
  },
};
