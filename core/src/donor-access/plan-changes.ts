import type { Queryable } from '../db/queryable.js';
import { splitCharge, type PaymentMethodType } from '../gifts/fee-coverage.js';
import { designationFromMetadata } from '../gifts/gift-designation.js';
import { outbox } from '../mail-outbox/outbox.repository.js';
import type { PlanChangeKind } from '../school/donor-mail-texts.js';

/** A change to a recurring gift, as it was when made (see migration PlanChanges). */
export interface PlanChange {
  subscriptionId: string;
  customerId: string;
  action: PlanChangeKind;
  actor: { kind: 'donor' } | { kind: 'admin'; adminId: string | null };
  frequency: string | null;
  /** Per charge after the change, fee coverage included. */
  amountCents: number;
  fromCents?: number | null;
  feeCoverageCents?: number;
  /** 'Visa ending in 4242' after a change of card or account. */
  method?: string | null;
  /** When it takes effect; null or absent: at once. */
  effectiveAt?: Date | null;
}

export interface PlanChangeRow {
  id: string;
  subscription_id: string;
  customer_id: string;
  action: PlanChangeKind;
  actor_kind: 'donor' | 'admin';
  frequency: string | null;
  amount_cents: string;
  from_cents: string | null;
  fee_coverage_cents: string;
  method: string | null;
  effective_at: Date | null;
  created_at: Date;
  donor_name: string | null;
}

/**
 * The part of each charge of a plan that covers the fees, by the split its metadata states, for the method that
 * pays it when known (0 without a split, or when it was computed for another method).
 */
export function planFeeCoverage(
  amountCents: number,
  metadata: Record<string, string> | null | undefined,
  paidWith?: PaymentMethodType | null,
): number {
  return splitCharge(amountCents, designationFromMetadata(metadata), paidWith).feeCoverageCents;
}

/**
 * Changes to recurring gifts and their confirmations. `record` writes the change and queues its e-mail to the
 * donor's stored address in the caller's transaction: one change, one outbox row (its key is the change's id), so
 * a retried send or a second worker never mails it twice. A donor without a stored address gets no e-mail.
 */
export const planChanges = {
  async record(db: Queryable, c: PlanChange): Promise<{ id: string; mailId: string | null }> {
    const [row] = await db.query(
      `INSERT INTO plan_changes (subscription_id, customer_id, action, actor_kind, admin_id, frequency, amount_cents, from_cents, fee_coverage_cents, method, effective_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        c.subscriptionId,
        c.customerId,
        c.action,
        c.actor.kind,
        c.actor.kind === 'admin' ? c.actor.adminId : null,
        c.frequency,
        c.amountCents,
        c.fromCents ?? null,
        c.feeCoverageCents ?? 0,
        c.method ?? null,
        c.effectiveAt ?? null,
      ],
    );
    const [donor] = await db.query(
      `SELECT nullif(email, '') AS email FROM donors WHERE id = $1 AND deleted_at IS NULL AND erased_at IS NULL`,
      [c.customerId],
    );
    const mailId = donor?.email
      ? await outbox.enqueue(db, {
          kind: 'plan-change',
          subjectKey: row.id,
          recipient: donor.email,
          customerId: c.customerId,
        })
      : null;
    return { id: row.id, mailId };
  },

  /** The change with the donor's name, for its e-mail; null when it is gone (or the donor was erased). */
  async facts(db: Queryable, id: string): Promise<PlanChangeRow | null> {
    const rows = await db.query(
      `SELECT p.*, nullif(trim(d.name), '') AS donor_name
         FROM plan_changes p JOIN donors d ON d.id = p.customer_id AND d.deleted_at IS NULL AND d.erased_at IS NULL
        WHERE p.id = $1::uuid`,
      [id],
    );
    return rows[0] ?? null;
  },
};
