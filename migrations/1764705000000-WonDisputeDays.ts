import type { MigrationInterface, QueryRunner } from 'typeorm';
import { chargeParts1764705000000, rebuildTotals1764690000000 } from './frozen-sql.js';

/**
 * A won dispute counts on the days it happened, as Stripe's balance shows it: what it withdrew on the day it was
 * opened, the same amount given back on the day it was won. Before, a won dispute left the totals altogether,
 * so a past month's Total Revenue changed when a dispute was won later and disagreed with Stripe's money lines.
 * - charges.dispute_reinstated_at: when a won dispute's funds came back; backfilled from its reversal balance
 *   transaction already read (reporting category dispute_reversal), else the time of the last dispute event.
 * Then daily_totals and monthly_totals are rebuilt from the rows by the rule of core/src/read-model/aggregates.ts
 * (chargeContribution, chargePartsSql), written out here in SQL: a migration imports no core code.
 * The rebuild reads TIME_ZONE from the environment the migration runs in (the app's default otherwise).
 */
export class WonDisputeDays1764705000000 implements MigrationInterface {
  name = 'WonDisputeDays1764705000000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(`ALTER TABLE charges ADD COLUMN dispute_reinstated_at timestamptz`);
    await q.query(
      `UPDATE charges c SET dispute_reinstated_at = coalesce(
         (SELECT min(b.created) FROM balance_transactions b WHERE b.charge_id = c.id AND b.reporting_category = 'dispute_reversal'),
         to_timestamp(nullif(c.dispute_event_created, 0)))
        WHERE c.disputed AND c.dispute_status = 'won'`,
    );
    await rebuildTotals1764690000000(q, timeZone, chargeParts1764705000000(`'won', 'warning_closed'`));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE charges DROP COLUMN dispute_reinstated_at`);
  }
}
