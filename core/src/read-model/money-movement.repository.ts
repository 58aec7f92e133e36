import type { Queryable } from '../db/queryable.js';
import type { BalanceTransactionRow, PayoutRow } from './to-money-rows.js';

const BT_COLUMNS = ['id', 'type', 'reporting_category', 'amount', 'fee', 'net', 'currency', 'source_id', 'charge_id', 'payout_id', 'created', 'available_on'] as const;

/** Writes of the money-movement tables (payouts, balance_transactions), shared by the projections and the backfill. */
export const moneyMovement = {
  async payoutVersion(db: Queryable, id: string): Promise<{ last_event_created: number; state_rank: number; reconciliation_status: string | null; lines_synced_at: Date | null } | null> {
    const rows = await db.query(`SELECT last_event_created::float8 AS last_event_created, state_rank, reconciliation_status, lines_synced_at FROM payouts WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  },

  async upsertPayout(db: Queryable, row: PayoutRow, at: number, rank: number): Promise<void> {
    await db.query(
      `INSERT INTO payouts (id, amount, currency, status, arrival_date, created, failure_code, failure_message, reconciliation_status, last_event_created, state_rank)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
       ON CONFLICT (id) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, status = EXCLUDED.status,
         arrival_date = EXCLUDED.arrival_date, failure_code = EXCLUDED.failure_code, failure_message = EXCLUDED.failure_message,
         reconciliation_status = EXCLUDED.reconciliation_status, last_event_created = EXCLUDED.last_event_created, state_rank = EXCLUDED.state_rank`,
      [row.id, row.amount, row.currency, row.status, row.arrival_date, row.created, row.failure_code, row.failure_message, row.reconciliation_status, at, rank],
    );
  },

  async markLinesSynced(db: Queryable, payoutId: string): Promise<void> {
    await db.query(`UPDATE payouts SET lines_synced_at = now() WHERE id = $1`, [payoutId]);
  },

  /**
   * Balance transactions never change amounts once made; what changes is which payout carried them, so an
   * upsert keeps a known payout (a charge's line read again before its payout does not unlink it) and a charge
   * link once found.
   */
  async upsertBalanceTransactions(db: Queryable, rows: readonly BalanceTransactionRow[]): Promise<void> {
    for (const r of rows) {
      await db.query(
        `INSERT INTO balance_transactions (${BT_COLUMNS.join(', ')}) VALUES (${BT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})
         ON CONFLICT (id) DO UPDATE SET payout_id = COALESCE(EXCLUDED.payout_id, balance_transactions.payout_id),
           charge_id = COALESCE(EXCLUDED.charge_id, balance_transactions.charge_id)`,
        BT_COLUMNS.map((c) => r[c]),
      );
    }
  },

  async hasBalanceTransaction(db: Queryable, id: string): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM balance_transactions WHERE id = $1`, [id])).length > 0;
  },
};
