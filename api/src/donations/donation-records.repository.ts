import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface NewDonationRecord {
  paymentIntentId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  amountCents: number;
  frequency: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

/** donation_records: the details that came with each paid website gift (read back from the payment's metadata). */
@Injectable()
export class DonationRecordsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /**
   * Inserts the record; a second post for the same payment intent (a retry, a double click) returns the
   * first record's id instead of adding a duplicate.
   */
  async insert(r: NewDonationRecord): Promise<{ id: string; created: boolean }> {
    const rows: Array<{ id: string }> = await this.ds.query(
      `INSERT INTO donation_records
         (payment_intent_id, subscription_id, customer_id, amount, frequency, first_name, last_name, email, phone, address, city, state, zip_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (payment_intent_id) WHERE payment_intent_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [
        r.paymentIntentId,
        r.subscriptionId,
        r.customerId,
        r.amountCents,
        r.frequency,
        r.firstName,
        r.lastName,
        r.email,
        r.phone,
        r.address,
        r.city,
        r.state,
        r.zipCode,
      ],
    );
    if (rows.length) return { id: rows[0].id, created: true };
    const existing: Array<{ id: string }> = await this.ds.query(
      `SELECT id FROM donation_records WHERE payment_intent_id = $1`,
      [r.paymentIntentId],
    );
    return { id: existing[0].id, created: false };
  }
}
