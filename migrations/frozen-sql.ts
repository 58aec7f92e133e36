import type { QueryRunner } from 'typeorm';

/**
 * SQL that more than one migration runs, written once. Frozen like the migrations themselves: each snippet is
 * named with the migration that first ran it, and a migration that imports it runs these exact bytes forever
 * (test/unit/migrations-frozen.test.ts pins this file and every migration by SHA-256). A later migration that
 * needs different SQL writes its own, here under a new name or in its own file; nothing here is ever edited.
 * Like a migration, this module imports nothing but TypeORM.
 */

/**
 * InitialSchema1763760000000 (password_reset_tokens), then AdminAccounts1764200000000 (admin_login_challenges):
 * the columns of a one-time token an admin holds, indented as they stand in those CREATE TABLE statements.
 */
export const adminTokenColumns1763760000000 = `id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL REFERENCES admins(id) ON DELETE CASCADE,
        token_hash bytea NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz`;

/**
 * DonorYears1764360000000, then DonorFiscalYears1764372900000: each gift of a known donor with its time `at` and
 * its net (its amount less refunds, nothing while a dispute not won holds it), grouped by (year, donor).
 */
export const donorGiftsByYear1764360000000 = `SELECT customer_id, created AS at,
                CASE WHEN disputed AND coalesce(dispute_status, '') NOT IN ('won', 'warning_closed') THEN 0 ELSE amount - amount_refunded END AS net
           FROM charges WHERE status = 'succeeded' AND customer_id IS NOT NULL
         UNION ALL
         SELECT stripe_customer_id, donation_date, amount FROM manual_donations WHERE stripe_customer_id IS NOT NULL) g
       GROUP BY 1, 2`;

/**
 * RefundDays1764690000000, then WonDisputeDays1764705000000 and InquiryHoldsNoFunds1764720000000: empties
 * daily_totals and monthly_totals and fills them again from `cardParts` (rows of at, source, donation_type, brand,
 * amount, count, one per part of a card gift on its day) and every manual gift, days in `timeZone`.
 */
export async function rebuildTotals1764690000000(q: QueryRunner, timeZone: string, cardParts: string): Promise<void> {
  await q.query(`DELETE FROM daily_totals`);
  await q.query(`DELETE FROM monthly_totals`);
  await q.query(
    `INSERT INTO daily_totals (day, source, donation_type, brand, amount, count)
       SELECT (at AT TIME ZONE $1)::date, source, donation_type, brand, sum(amount), sum(count) FROM (
         ${cardParts}
         UNION ALL
         SELECT donation_date, 'manual', donation_type, '', amount, 1 FROM manual_donations) parts
       GROUP BY 1, 2, 3, 4`,
    [timeZone],
  );
  await q.query(
    `INSERT INTO monthly_totals (month, source, donation_type, brand, amount, count)
       SELECT date_trunc('month', day)::date, source, donation_type, brand, sum(amount), sum(count) FROM daily_totals GROUP BY 1, 2, 3, 4`,
  );
}

/**
 * WonDisputeDays1764705000000, then InquiryHoldsNoFunds1764720000000: the parts of each succeeded card gift on
 * their days (the gift less refunds no listed refund explains, each refund, what a dispute withdrew, what a won
 * dispute gave back), for rebuildTotals1764690000000. `keepsFunds` lists, as SQL literals, the dispute statuses
 * under which the gift keeps its funds.
 */
export function chargeParts1764705000000(keepsFunds: string): string {
  return `SELECT p.at, 'card' AS source, coalesce(nullif(c.frequency, ''), 'one-time') AS donation_type,
                coalesce(nullif(c.brand, ''), 'unknown') AS brand, p.amount, p.count
           FROM charges c CROSS JOIN LATERAL (
             SELECT c.created AS at, c.amount - (c.amount_refunded - coalesce((SELECT sum((r->>'amount')::bigint) FROM jsonb_array_elements(c.refunds) r), 0)) AS amount, 1 AS count
             UNION ALL SELECT to_timestamp((r->>'created')::bigint), -(r->>'amount')::bigint, 0 FROM jsonb_array_elements(c.refunds) r
             UNION ALL SELECT coalesce(c.disputed_at, c.created), -(c.amount - c.amount_refunded), 0
              WHERE c.disputed AND (coalesce(c.dispute_status, '') NOT IN (${keepsFunds}) OR c.dispute_status IN ('won'))
             UNION ALL SELECT coalesce(c.dispute_reinstated_at, c.disputed_at, c.created), c.amount - c.amount_refunded, 0
              WHERE c.disputed AND c.dispute_status IN ('won')) p
          WHERE c.status = 'succeeded'`;
}
