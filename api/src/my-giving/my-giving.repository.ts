import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { donorsByEmail, type SelfServiceReach } from '../../../core/src/donor-identity/donors-by-email.js';
import { donorGiftYears, donorYearGifts, type TaxGiftRow } from '../../../core/src/statements/statement-gifts.js';

/** A bank debit on its way: accepted by the bank, the money not arrived yet (no receipt until it does). */
export interface ProcessingGiftRow {
  id: string;
  created: Date;
  amount: string;
  frequency: string | null;
  last4: string | null;
}

export interface PlanRow {
  id: string;
  customer_id: string;
  amount: string | null;
  frequency: string | null;
  status: string;
  shown_status: string;
  next_at: Date | null;
  brand: string | null;
  last4: string | null;
  unpaid_renewal: boolean;
  created: Date;
  /** When the gift started: Stripe's start_date (a backdated plan's earlier day), else its creation. */
  started: Date;
  /** The subscription's metadata: the gift and fee coverage split our server wrote (gift_cents, fee_coverage_cents). */
  metadata: Record<string, string> | null;
}

/**
 * A plan's status as the donor reads it: collection paused shows 'paused', a scheduled cancellation of a
 * running gift 'canceling' (active until then), Stripe's expired first attempt 'canceled'.
 */
const SHOWN_STATUS = `CASE
    WHEN s.status IN ('canceled', 'incomplete_expired') THEN 'canceled'
    WHEN s.pause_collection IS NOT NULL AND s.status IN ('active', 'past_due') THEN 'paused'
    WHEN (s.cancel_at_period_end OR s.cancel_at IS NOT NULL) AND s.status IN ('active', 'trialing') THEN 'canceling'
    WHEN s.status = 'trialing' THEN 'active'
    ELSE s.status END`;

/**
 * The donor's own records, always bounded by the session's customers: every query takes them as its first
 * parameter, so a plan id of another donor finds nothing.
 */
@Injectable()
export class MyGivingRepository {
  constructor(@Inject(DataSource) readonly ds: DataSource) {}

  /**
   * Whom an e-mail reaches in My Giving as the read model holds it now: the stored address to mail and the
   * customers every query is bounded by (donor identity decides, in core).
   */
  reach(email: string): Promise<SelfServiceReach | null> {
    return donorsByEmail.selfService(this.ds, email);
  }

  /** Whether a recurring gift belongs to one of these customers (a card link's gift, at each request). */
  async ownsPlan(customerIds: string[], planId: string): Promise<boolean> {
    const rows = await this.ds.query(`SELECT 1 FROM subscriptions WHERE id = $2 AND customer_id = ANY($1::text[])`, [
      customerIds,
      planId,
    ]);
    return rows.length > 0;
  }

  /**
   * The donor's recurring gifts: running ones first, then those ended. An attempt never paid (incomplete) is not
   * a gift. The method (card, or bank account: no brand) is the gift's default payment method, else the one of
   * its last charge, taken as a pair so a bank account never borrows an older card's brand. A renewal whose
   * bank debit is still processing is not unpaid.
   */
  plans(customerIds: string[], onlyId?: string | null): Promise<PlanRow[]> {
    return this.ds.query(
      `SELECT s.id, s.customer_id, s.amount, s.frequency, s.status, ${SHOWN_STATUS} AS shown_status,
              CASE WHEN s.status IN ('canceled', 'incomplete_expired') THEN NULL
                   WHEN s.cancel_at IS NOT NULL THEN s.cancel_at ELSE s.current_period_end END AS next_at,
              CASE WHEN pm.last4 IS NOT NULL THEN pm.brand ELSE lc.brand END AS brand, coalesce(pm.last4, lc.last4) AS last4,
              EXISTS (SELECT 1 FROM invoices i WHERE i.subscription_id = s.id AND i.status = 'open'
                         AND NOT EXISTS (SELECT 1 FROM charges c WHERE c.invoice_id = i.id AND c.status = 'pending')) AS unpaid_renewal,
              s.created, coalesce(s.start_date, s.created) AS started, s.metadata
         FROM subscriptions s
         LEFT JOIN payment_methods pm ON pm.id = s.default_payment_method AND pm.detached_at IS NULL
         LEFT JOIN LATERAL (SELECT c.brand, c.last4 FROM charges c WHERE c.subscription_id = s.id AND c.status IN ('succeeded', 'pending')
                             ORDER BY c.created DESC, c.id DESC LIMIT 1) lc ON true
        WHERE s.customer_id = ANY($1::text[]) AND ($2::text IS NULL OR s.id = $2)
          AND s.status NOT IN ('incomplete')
          AND NOT EXISTS (SELECT 1 FROM donors d WHERE d.id = s.customer_id AND d.deleted_at IS NOT NULL)
        ORDER BY (s.status IN ('canceled', 'incomplete_expired')), s.created DESC, s.id
        LIMIT 100`,
      [customerIds, onlyId ?? null],
    );
  }

  /** One of the donor's plans, or null when it is not theirs (or does not exist: the same answer). */
  async plan(customerIds: string[], id: string): Promise<PlanRow | null> {
    return (await this.plans(customerIds, id))[0] ?? null;
  }

  /** This year's gifts of every customer of the donor, with receipt numbers, oldest first. */
  async yearGifts(customerIds: string[], year: number, timeZone: string): Promise<TaxGiftRow[]> {
    const all = (await Promise.all(customerIds.map((id) => donorYearGifts(this.ds, id, year, timeZone)))).flat();
    return all.sort((a, b) => a.day.localeCompare(b.day) || a.id.localeCompare(b.id));
  }

  /** The donor's gifts by bank account still processing, oldest first, whatever their year. */
  processingGifts(customerIds: string[]): Promise<ProcessingGiftRow[]> {
    return this.ds.query(
      `SELECT c.id, c.created, c.amount, c.frequency, c.last4
         FROM charges c
        WHERE c.customer_id = ANY($1::text[]) AND c.status = 'pending'
        ORDER BY c.created, c.id
        LIMIT 50`,
      [customerIds],
    );
  }

  /** The years each customer of the donor has a statement for, newest first. */
  async statementYears(customerIds: string[], timeZone: string): Promise<Array<{ customerId: string; year: number }>> {
    const per = await Promise.all(
      customerIds.map(async (customerId) =>
        (await donorGiftYears(this.ds, customerId, timeZone)).map((year) => ({ customerId, year })),
      ),
    );
    return per.flat().sort((a, b) => b.year - a.year);
  }
}
