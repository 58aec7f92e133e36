import { Injectable } from '@nestjs/common';
import type { Queryable } from '../../../core/src/db/queryable.js';
import type { ManualDonationInput } from './manual-donation.validation.js';

export interface ManualDonationRow {
  id: string;
  stripe_customer_id: string | null;
  donor_name: string;
  donor_email: string | null;
  donor_phone: string | null;
  donor_address: string | null;
  amount: string;
  donation_type: string;
  donation_date: Date;
  notes: string | null;
  requires_irs_receipt: boolean;
  created_by: string | null;
  created_at: Date;
  gift_description: string | null;
  goods_description: string | null;
  goods_value: string | null;
  fund_id: number;
  appeal_id: string | null;
}

/** manual_donations: every call runs inside the caller's transaction, with the aggregates and the audit row. */
@Injectable()
export class ManualDonationsRepository {
  /** Any fund the school has (an archived one too: an old gift may be recorded to the fund it went to). */
  async fundExists(db: Queryable, fundId: number): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM funds WHERE id = $1`, [fundId]);
    return rows.length > 0;
  }

  async appealExists(db: Queryable, appealId: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM appeals WHERE id = $1`, [appealId]);
    return rows.length > 0;
  }

  async liveDonorExists(db: Queryable, customerId: string): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM donors WHERE id = $1 AND deleted_at IS NULL AND merged_into IS NULL`, [
      customerId,
    ]);
    return rows.length > 0;
  }

  async insert(
    db: Queryable,
    m: ManualDonationInput & { requiresIrsReceipt: boolean; createdBy: string | null },
  ): Promise<ManualDonationRow> {
    const rows = await db.query(
      `INSERT INTO manual_donations (stripe_customer_id, donor_name, donor_email, donor_phone, donor_address, amount,
         donation_type, donation_date, notes, requires_irs_receipt, created_by, gift_description, goods_description, goods_value, fund_id, appeal_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING *`,
      [
        m.stripeCustomerId,
        m.donorName,
        m.donorEmail,
        m.donorPhone,
        m.donorAddress,
        m.amountCents,
        m.donationType,
        m.donationDate,
        m.notes,
        m.requiresIrsReceipt,
        m.createdBy,
        m.giftDescription,
        m.goods?.description ?? null,
        m.goods?.valueCents ?? null,
        m.fundId ?? 1,
        m.appealId ?? null,
      ],
    );
    return rows[0];
  }

  /** Locks the row, so two concurrent deletes cannot both subtract it from the totals. */
  async findForUpdate(db: Queryable, id: string): Promise<ManualDonationRow | null> {
    const rows = await db.query(`SELECT * FROM manual_donations WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async delete(db: Queryable, id: string): Promise<void> {
    await db.query(`DELETE FROM manual_donations WHERE id = $1`, [id]);
  }
}
