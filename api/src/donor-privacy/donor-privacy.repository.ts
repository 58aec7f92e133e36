import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Every table that holds something about one donor, as the export lists it (section name -> rows). */
const SECTIONS: ReadonlyArray<[section: string, sql: string]> = [
  ['donor', `SELECT * FROM donors WHERE id = $1`],
  ['cardGifts', `SELECT * FROM charges WHERE customer_id = $1 ORDER BY created, id`],
  ['paymentIntents', `SELECT * FROM payment_intents WHERE customer_id = $1 ORDER BY created, id`],
  ['subscriptions', `SELECT * FROM subscriptions WHERE customer_id = $1 ORDER BY created, id`],
  ['invoices', `SELECT * FROM invoices WHERE customer_id = $1 ORDER BY created, id`],
  ['paymentMethods', `SELECT * FROM payment_methods WHERE customer_id = $1 ORDER BY created, id`],
  ['donationRecords', `SELECT * FROM donation_records WHERE customer_id = $1 ORDER BY created_at, id`],
  ['manualGifts', `SELECT * FROM manual_donations WHERE stripe_customer_id = $1 ORDER BY donation_date, id`],
  [
    'storedEvents',
    `SELECT id, type, created, payload FROM stripe_events
                      WHERE payload->'data'->'object'->>'customer' = $1 OR payload->'data'->'object'->>'id' = $1 ORDER BY created, id`,
  ],
  ['givingTotals', `SELECT * FROM donor_totals WHERE customer_id = $1`],
  // The donor's own actions (self-service) and the admins' actions about them.
  ['selfServiceActions', `SELECT id, at, action, success, details FROM audit_log WHERE donor_id = $1 ORDER BY id`],
  [
    'adminActions',
    `SELECT l.id, l.at, l.action, a.name AS admin, l.details FROM audit_log l LEFT JOIN admins a ON a.id = l.admin_id
                      WHERE l.details->>'customerId' = $1 ORDER BY l.id`,
  ],
];

/** Bookkeeping columns of ours that say nothing about the donor. */
const INTERNAL = new Set(['last_event_created', 'state_rank', 'dispute_event_created', 'dispute_rank', 'token_hash']);

/** The kinds of Stripe object an erasure scrubs. */
export type StripeObjectKind = 'paymentIntents' | 'charges' | 'subscriptions' | 'invoices';

export type ExportSections = Record<string, Array<Record<string, unknown>>>;

@Injectable()
export class DonorPrivacyRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async findDonor(
    id: string,
  ): Promise<{ id: string; name: string | null; email: string | null; erased_at: Date | null } | undefined> {
    const rows = await this.ds.query(`SELECT id, name, email, erased_at FROM donors WHERE id = $1`, [id]);
    return rows[0];
  }

  /** The Stripe objects our read model links to the donor (by customer, or by e-mail for gifts not linked by id). */
  async stripeObjectIds(customerId: string, emails: string[]): Promise<Record<StripeObjectKind, string[]>> {
    const rows: Array<{ kind: StripeObjectKind; id: string }> = await this.ds.query(
      `SELECT 'paymentIntents' AS kind, id FROM payment_intents WHERE customer_id = $1 OR email_key(receipt_email) = ANY($2::text[])
       UNION SELECT 'charges', id FROM charges WHERE customer_id = $1 OR email_key(billing_email) = ANY($2::text[])
       UNION SELECT 'subscriptions', id FROM subscriptions WHERE customer_id = $1
       UNION SELECT 'invoices', id FROM invoices WHERE customer_id = $1`,
      [customerId, emails],
    );
    const out: Record<StripeObjectKind, string[]> = {
      paymentIntents: [],
      charges: [],
      subscriptions: [],
      invoices: [],
    };
    for (const r of rows) out[r.kind].push(r.id);
    return out;
  }

  async exportSections(id: string): Promise<ExportSections> {
    const out: ExportSections = {};
    for (const [section, sql] of SECTIONS) {
      const rows: Array<Record<string, unknown>> = await this.ds.query(sql, [id]);
      out[section] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !INTERNAL.has(k))));
    }
    return out;
  }
}
