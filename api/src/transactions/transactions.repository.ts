import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../../core/src/db/prepared-query.js';
import type { GiftRow } from './transaction.mapper.js';

/**
 * Both halves select the same columns so they can be one UNION ALL. Each half is ordered and limited on its
 * own index (charges_created_idx / manual_donations_date_idx, or the per-customer ones), so the union reads
 * at most `limit` rows of each table whatever their size.
 */
export const CARD_COLUMNS = `'card'::text AS kind, c.id, extract(epoch FROM c.created)::bigint AS created, c.created AS at,
  c.amount, c.amount_refunded, c.currency, c.status, c.disputed, c.dispute_status, c.frequency,
  NULL::text AS donation_type, NULL::text AS manual_donation_id, NULL::boolean AS requires_irs_receipt, c.receipt_url,
  coalesce(c.billing_name, d.name) AS name, coalesce(c.billing_email, d.email) AS email, c.brand, c.last4, c.customer_id,
  NULL::text AS notes, c.fund_id, (SELECT name FROM funds WHERE id = c.fund_id) AS fund_name, c.fee_coverage, c.tribute_kind, c.tribute_name,
  c.tribute_notify_address, c.appeal_id, (SELECT name FROM appeals WHERE id = c.appeal_id) AS appeal_name`;

export const MANUAL_COLUMNS = `'manual'::text AS kind, m.id::text, extract(epoch FROM m.donation_date)::bigint, m.donation_date,
  m.amount, 0::bigint, 'usd'::text, 'succeeded'::text, false, NULL::text, NULL::text,
  m.donation_type, m.id::text, m.requires_irs_receipt, NULL::text,
  m.donor_name, m.donor_email, NULL::text, NULL::text, m.stripe_customer_id, m.notes,
  m.fund_id, (SELECT name FROM funds WHERE id = m.fund_id), 0::bigint, NULL::text, NULL::text, NULL::text,
  m.appeal_id, (SELECT name FROM appeals WHERE id = m.appeal_id)`;

export interface DonorTransactionRange {
  customerId: string;
  /** First day included ('yyyy-MM-dd' in the time zone), or null for no lower bound. */
  fromDay: string | null;
  /** Last day included, or null for no upper bound. */
  toDay: string | null;
  timeZone: string;
  /** An appeal id: only the gifts credited to it; null: every gift. */
  appealId: string | null;
  limit: number;
}

@Injectable()
export class TransactionsRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  /** The latest card charges (any status) and manual gifts, newest first. */
  async recent(limit: number): Promise<GiftRow[]> {
    return preparedQuery<GiftRow>(
      this.ds,
      'recent-gifts',
      `SELECT * FROM (
         (SELECT ${CARD_COLUMNS} FROM charges c LEFT JOIN donors d ON d.id = c.customer_id
           ORDER BY c.created DESC, c.id DESC LIMIT $1)
         UNION ALL
         (SELECT ${MANUAL_COLUMNS} FROM manual_donations m ORDER BY m.donation_date DESC, m.id DESC LIMIT $1)
       ) t ORDER BY at DESC, id DESC LIMIT $1`,
      [limit],
    );
  }

  /** One donor's charges and manual gifts whose local day lies in [fromDay, toDay] (of one appeal), newest first. */
  async forDonor(r: DonorTransactionRange): Promise<GiftRow[]> {
    const from = `($2::date IS NULL OR %s >= ($2::date::timestamp AT TIME ZONE $4))`;
    const to = `($3::date IS NULL OR %s < (($3::date + 1)::timestamp AT TIME ZONE $4))`;
    const range = (col: string) => `${from.replace('%s', col)} AND ${to.replace('%s', col)}`;
    const appeal = (col: string) => `($6::uuid IS NULL OR ${col} = $6::uuid)`;
    return this.ds.query(
      `SELECT * FROM (
         (SELECT ${CARD_COLUMNS} FROM charges c LEFT JOIN donors d ON d.id = c.customer_id
           WHERE c.customer_id = $1 AND ${range('c.created')} AND ${appeal('c.appeal_id')}
           ORDER BY c.created DESC, c.id DESC LIMIT $5)
         UNION ALL
         (SELECT ${MANUAL_COLUMNS} FROM manual_donations m
           WHERE m.stripe_customer_id = $1 AND ${range('m.donation_date')} AND ${appeal('m.appeal_id')}
           ORDER BY m.donation_date DESC, m.id DESC LIMIT $5)
       ) t ORDER BY at DESC, id DESC LIMIT $5`,
      [r.customerId, r.fromDay, r.toDay, r.timeZone, r.limit, r.appealId],
    );
  }
}
