import type { MigrationInterface, QueryRunner } from 'typeorm';
import { chargeParts1764705000000, rebuildTotals1764690000000 } from './frozen-sql.js';

/**
 * A dispute inquiry (statuses warning_needs_response, warning_under_review, warning_closed) withdraws nothing:
 * Stripe gives it no balance transaction, so the gift stays in every figure, as in Stripe's balance and payouts.
 * Before, an open inquiry took the gift out of the totals on the day it was opened and disagreed with both.
 * - charges.disputed_at of an inquiry escalated to a real dispute: the day Stripe withdrew the funds (its
 *   withdrawal line already read, reporting category dispute, made after the inquiry), not the inquiry's creation.
 * Then daily_totals and monthly_totals are rebuilt from the rows by the rule of core/src/read-model/day-totals.ts
 * (chargePartsSql, with the inquiry statuses among those keeping the funds), written out here in SQL: a migration
 * imports no core code. The rebuild reads TIME_ZONE from the environment the migration runs in (the app's
 * default otherwise).
 */
export class InquiryHoldsNoFunds1764720000000 implements MigrationInterface {
  name = 'InquiryHoldsNoFunds1764720000000';

  async up(q: QueryRunner): Promise<void> {
    const timeZone = process.env.TIME_ZONE || 'America/Chicago';
    await q.query(
      `UPDATE charges c SET disputed_at = w.at
         FROM (SELECT charge_id, min(created) AS at FROM balance_transactions WHERE reporting_category = 'dispute' GROUP BY charge_id) w
        WHERE w.charge_id = c.id AND c.disputed AND w.at > coalesce(c.disputed_at, c.created)
          AND coalesce(c.dispute_status, '') NOT IN ('warning_needs_response', 'warning_under_review', 'warning_closed')`,
    );
    await rebuildTotals1764690000000(
      q,
      timeZone,
      chargeParts1764705000000(`'won', 'warning_needs_response', 'warning_under_review', 'warning_closed'`),
    );
  }

  async down(): Promise<void> {
    // The rows' inquiry days and totals are derived data; the old rule's totals are not worth restoring.
  }
}
