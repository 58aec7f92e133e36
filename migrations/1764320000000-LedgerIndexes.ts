import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the ledger (the Transactions tab) and Insights.
 * - charges_unsettled_idx: charges that did not succeed (failed, pending) are a small share of all charges and
 *   are not in the daily and monthly totals. Insights counts the failed ones for the Transaction Success Rate,
 *   and the ledger adds them to the totals it reads from daily_totals, without reading the succeeded million.
 * - charges_billing_trgm_idx: the ledger's search by name or e-mail looks in the charge's billing name and
 *   e-mail (and, through donors_search_trgm_idx, in its donor's), a substring match a trigram index serves.
 * - charges_amount_idx: the search by amount; it carries what the net amount and the shown status need, so the
 *   totals of a common amount ($25) are counted from the index alone.
 */
export class LedgerIndexes1764320000000 implements MigrationInterface {
  name = 'LedgerIndexes1764320000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX charges_unsettled_idx ON charges (created, status, brand) WHERE status <> 'succeeded'`);
    await q.query(
      `CREATE INDEX charges_amount_idx ON charges (amount) INCLUDE (amount_refunded, status, disputed, dispute_status)`,
    );
    await q.query(
      `CREATE INDEX charges_billing_trgm_idx ON charges USING gin ((coalesce(billing_name,'') || ' ' || coalesce(billing_email,'')) gin_trgm_ops)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS charges_billing_trgm_idx`);
    await q.query(`DROP INDEX IF EXISTS charges_amount_idx`);
    await q.query(`DROP INDEX IF EXISTS charges_unsettled_idx`);
  }
}
