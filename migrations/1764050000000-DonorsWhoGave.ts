import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who counts as a donor. Every card attempt on the public form needs a Stripe customer, so abandoned and
 * declined attempts leave customers behind; they must not appear as "$0.00 / 0 donations" donors nor raise
 * the donor count. `donors.is_donor` turns on once a gift succeeds (a succeeded card charge or a manual gift,
 * set with donor_totals in the same transaction) or when the customer did not come from the public form (an
 * admin created it, here or in Stripe's dashboard). It never turns off again.
 *
 * `listed_donors` is the one definition every list and count reads: live (not deleted) donors. Its partial
 * index replaces donors_created_idx, so the newest-first page is still cut on an index alone.
 *
 * Existing rows: a customer is a donor unless its only trace is a website payment attempt (a payment intent
 * or subscription with metadata source 'website') with no gift and no admin "donor.created" audit entry. The
 * column is added with default true (no table rewrite) and only those prospects are updated.
 */
export class DonorsWhoGave1764050000000 implements MigrationInterface {
  name = 'DonorsWhoGave1764050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE donors ADD COLUMN is_donor boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE donors ALTER COLUMN is_donor SET DEFAULT false`);
    await q.query(`
      UPDATE donors SET is_donor = false
       WHERE id IN (SELECT customer_id FROM payment_intents WHERE metadata->>'source' = 'website'
                    UNION SELECT customer_id FROM subscriptions WHERE metadata->>'source' = 'website')
         AND id NOT IN (SELECT customer_id FROM donor_totals WHERE donation_count > 0)
         AND id NOT IN (SELECT details->>'customerId' FROM audit_log WHERE action = 'donor.created' AND details ? 'customerId')`);
    await q.query(`DROP INDEX IF EXISTS donors_created_idx`);
    await q.query(
      `CREATE INDEX donors_listed_idx ON donors (created DESC, id DESC) WHERE deleted_at IS NULL AND is_donor`,
    );
    await q.query(`CREATE VIEW listed_donors AS SELECT * FROM donors WHERE deleted_at IS NULL AND is_donor`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS listed_donors`);
    await q.query(`DROP INDEX IF EXISTS donors_listed_idx`);
    await q.query(`CREATE INDEX donors_created_idx ON donors (created DESC, id DESC) WHERE deleted_at IS NULL`);
    await q.query(`ALTER TABLE donors DROP COLUMN is_donor`);
  }
}
