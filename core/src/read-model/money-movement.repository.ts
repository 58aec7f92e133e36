import type { Queryable } from '../db/queryable.js';
import type { BalanceTransactionRow, PayoutRow } from './to-money-rows.js';

const BT_COLUMNS = [
  'id',
  'type',
  'reporting_category',
  'amount',
  'fee',
  'net',
  'currency',
  'source_id',
  'charge_id',
  'payout_id',
  'created',
  'available_on',
] as const;

/** Writes of the money-movement tables (payouts, balance_transactions), shared by the projections and the backfill. */
export const moneyMovement = {
  async payoutVersion(
    db: Queryable,
    id: string,
  ): Promise<{
    last_event_created: number;
    state_rank: number;
    reconciliation_status: string | null;
    lines_synced_at: Date | null;
  } | null> {
    const rows = await db.query(
      `SELECT last_event_created::float8 AS last_event_created, state_rank, reconciliation_status, lines_synced_at FROM payouts WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  },

  async upsertPayout(db: Queryable, row: PayoutRow, at: number, rank: number): Promise<void> {
    await db.query(
      `INSERT INTO payouts (id, amount, currency, status, arrival_date, created, failure_code, failure_message, reconciliation_status, last_event_created, state_rank)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)
       ON CONFLICT (id) DO UPDATE SET amount = EXCLUDED.amount, currency = EXCLUDED.currency, status = EXCLUDED.status,
         arrival_date = EXCLUDED.arrival_date, failure_code = EXCLUDED.failure_code, failure_message = EXCLUDED.failure_message,
         reconciliation_status = EXCLUDED.reconciliation_status, last_event_created = EXCLUDED.last_event_created, state_rank = EXCLUDED.state_rank`,
      [
        row.id,
        row.amount,
        row.currency,
        row.status,
        row.arrival_date,
        row.created,
        row.failure_code,
        row.failure_message,
        row.reconciliation_status,
        at,
        rank,
      ],
    );
  },

  async markLinesSynced(db: Queryable, payoutId: string): Promise<void> {
    await db.query(`UPDATE payouts SET lines_synced_at = now() WHERE id = $1`, [payoutId]);
  },

  /**
   * Balance transactions never change amounts once made; what changes is which payout carried them, so an
   * upsert keeps a known payout (a charge's line read again before its payout does not unlink it) and a charge
   * link once found. Lines stored for the first time (`xmax = 0`: inserted, not updated) are added to their
   * months' rows of monthly_money in the same statement, so a line read twice counts once. One statement per
   * 500 lines.
   */
  async upsertBalanceTransactions(
    db: Queryable,
    rows: readonly BalanceTransactionRow[],
    timeZone: string,
  ): Promise<void> {
    // One line twice in a statement is refused by ON CONFLICT: the copies become one, links kept.
    const byId = new Map<string, BalanceTransactionRow>();
    for (const r of rows) {
      const before = byId.get(r.id);
      byId.set(
        r.id,
        before ? { ...r, payout_id: r.payout_id ?? before.payout_id, charge_id: r.charge_id ?? before.charge_id } : r,
      );
    }
    const unique = [...byId.values()];
    for (let i = 0; i < unique.length; i += 500) {
      const chunk = unique.slice(i, i + 500);
      const params: unknown[] = [timeZone];
      const tuples = chunk.map((r) => `(${BT_COLUMNS.map((c) => `$${params.push(r[c])}`).join(', ')})`);
      await db.query(
        `WITH bt AS (
           INSERT INTO balance_transactions (${BT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}
           ON CONFLICT (id) DO UPDATE SET payout_id = COALESCE(EXCLUDED.payout_id, balance_transactions.payout_id),
             charge_id = COALESCE(EXCLUDED.charge_id, balance_transactions.charge_id)
           RETURNING created, type, amount, fee, net, (xmax = 0) AS inserted)
         INSERT INTO monthly_money (month, type, amount, fee, net, count)
         SELECT date_trunc('month', created AT TIME ZONE $1::text)::date, type, sum(amount), sum(fee), sum(net), count(*)
           FROM bt WHERE inserted GROUP BY 1, 2
         ON CONFLICT (month, type) DO UPDATE SET amount = monthly_money.amount + EXCLUDED.amount, fee = monthly_money.fee + EXCLUDED.fee,
           net = monthly_money.net + EXCLUDED.net, count = monthly_money.count + EXCLUDED.count`,
        params,
      );
    }
  },

  /** Which of these balance transactions are stored already. */
  async storedBalanceTransactions(db: Queryable, ids: readonly string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await db.query(
      `SELECT id FROM balance_transactions WHERE id = ANY($1::text[])`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  },

  async hasBalanceTransaction(db: Queryable, id: string): Promise<boolean> {
    return (await db.query(`SELECT 1 FROM balance_transactions WHERE id = $1`, [id])).length > 0;
  },
};
