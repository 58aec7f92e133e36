import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { AuditService } from '../auth/audit.service.js';
import { planChanges, planFeeCoverage, type PlanChange } from '../../../core/src/donor-access/plan-changes.js';
import { centsToDollars } from '../../../core/src/gifts/money.js';
import { monthlyRecurringCents } from '../../../core/src/gifts/recurring-revenue.js';
import { DomainError, badRequest, notFound } from '../../../core/src/http/errors.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { stripeWriteError } from '../../../core/src/stripe/stripe-errors.js';
import { CUSTOMER_ID, type AuditContext } from '../donors/donors.service.js';
import type { CancelPlanDto } from './dto/cancel-plan.dto.js';
import type { PlansQueryDto } from './dto/plans-query.dto.js';
import {
  PLAN_STATUSES,
  RecurringRepository,
  type FailedInvoiceRow,
  type PlanCursor,
  type PlanRow,
} from './recurring.repository.js';
import type { DonorPlansDto, PlanActionDto, PlanPageDto, RecurringSummaryDto } from './dto/recurring.dto.js';

const DEFAULT_LIMIT = 50;
const SUBSCRIPTION_ID = /^sub_[A-Za-z0-9]{1,250}$/;
const CANCELED_WINDOW_DAYS = 30;

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The keyset cursor is the last plan's (created, id), opaque to the client. */
function encodeCursor(row: PlanRow): string {
  return Buffer.from(`${row.created}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): PlanCursor {
  const [created, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!created || !id || Number.isNaN(Date.parse(created)) || !SUBSCRIPTION_ID.test(id))
    throw badRequest('cursor must be the nextCursor of a previous page');
  return { created, id };
}

/** A plan as the screens show it. The next charge is the period's end while the plan renews and nothing stops it. */
function toPlan(r: PlanRow) {
  const renews =
    (r.plan_status === 'active' || r.plan_status === 'past_due') && !r.cancel_at_period_end && r.cancel_at === null;
  return {
    id: r.id,
    customerId: r.customer_id,
    donorName: r.donor_name,
    donorEmail: r.donor_email,
    amount: centsToDollars(Number(r.amount ?? 0)),
    frequency: r.frequency,
    status: r.plan_status,
    nextChargeDate: renews ? num(r.current_period_end) : null,
    started: Number(r.started),
    cancelAtPeriodEnd: r.cancel_at_period_end,
    cancelAt: num(r.cancel_at),
    canceledAt: num(r.canceled_at),
    endedAt: num(r.ended_at),
    resumesAt: num(r.resumes_at),
  };
}

function toFailedInvoice(i: FailedInvoiceRow) {
  return {
    id: i.id,
    status: i.status,
    amountDue: centsToDollars(Number(i.amount_due)),
    attemptCount: i.attempt_count,
    nextPaymentAttempt: num(i.next_payment_attempt),
    created: Number(i.created),
  };
}

const conflict = (message: string) => new DomainError(409, message);

/** When the subscription's current period ends (its next charge, or the end of a scheduled cancellation). */
const periodEnd = (sub: Stripe.Subscription): Date | null => {
  const end = sub.items?.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
};

/**
 * The admin's Recurring view: figures and plans from the read model; cancel, pause and resume through Stripe,
 * whose webhooks then update the read model like any other change (nothing is written here but the audit row).
 */
@Injectable()
export class RecurringService {
  constructor(
    @Inject(RecurringRepository) private readonly repo: RecurringRepository,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(DataSource) private readonly ds: DataSource,
  ) {}

  async summary(now = new Date()): Promise<RecurringSummaryDto> {
    const since = new Date(now.getTime() - CANCELED_WINDOW_DAYS * 86400_000);
    const s = await this.repo.summary(since);
    const byStatus = Object.fromEntries(PLAN_STATUSES.map((k) => [k, s.byStatus[k] ?? 0])) as Record<
      (typeof PLAN_STATUSES)[number],
      number
    >;
    return {
      activeDonors: s.activeDonors,
      monthlyRecurringRevenue: centsToDollars(monthlyRecurringCents(s.activeByFrequency)),
      pastDue: byStatus.past_due,
      canceledLast30Days: s.canceledLast30Days,
      byStatus,
    };
  }

  async plans(query: PlansQueryDto): Promise<PlanPageDto> {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.repo.page({ status: query.status, after, limit: limit + 1 });
    const more = rows.length > limit;
    const page = rows.slice(0, limit);
    return { plans: page.map(toPlan), nextCursor: more ? encodeCursor(page[page.length - 1]) : null };
  }

  async donorPlans(customerId: string): Promise<DonorPlansDto> {
    if (!CUSTOMER_ID.test(customerId)) throw notFound(`Customer not found: ${customerId}`);
    const rows = await this.repo.byCustomer(customerId);
    const failed = await this.repo.failedInvoices(rows.map((r) => r.id));
    return {
      plans: rows.map((r) => ({
        ...toPlan(r),
        failedInvoices: failed.filter((i) => i.subscription_id === r.id).map(toFailedInvoice),
      })),
    };
  }

  async cancel(id: string, dto: CancelPlanDto, ctx: AuditContext): Promise<PlanActionDto> {
    const plan = await this.plan(id);
    if (plan.plan_status === 'canceled') throw conflict('This plan has already ended.');
    if (dto.when === 'period_end') {
      if (plan.plan_status === 'incomplete') throw conflict('This plan never started: cancel it now instead.');
      if (plan.cancel_at_period_end) throw conflict('This plan is already set to end at the end of its period.');
    }
    const sub = await this.write('cancel the plan', () =>
      dto.when === 'now'
        ? this.stripe.subscriptions.cancel(id)
        : this.stripe.subscriptions.update(id, { cancel_at_period_end: true }),
    );
    const result = dto.when === 'now' ? 'canceled' : 'cancel_scheduled';
    await this.recorded(`plan.${result}`, ctx, plan, sub, 'cancel', dto.when === 'now' ? null : periodEnd(sub));
    return { id, result, stripeStatus: sub.status };
  }

  /**
   * Pausing stops collection with `behavior: void`: the renewals that fall due while paused are voided, so the
   * donor owes nothing for the pause and resuming charges only from the next period on.
   */
  async pause(id: string, ctx: AuditContext): Promise<PlanActionDto> {
    const plan = await this.plan(id);
    if (plan.plan_status !== 'active' && plan.plan_status !== 'past_due')
      throw conflict(
        `Only an active or past-due plan can be paused; this one is ${plan.plan_status.replace('_', ' ')}.`,
      );
    const sub = await this.write('pause the plan', () =>
      this.stripe.subscriptions.update(id, { pause_collection: { behavior: 'void' } }),
    );
    await this.recorded('plan.paused', ctx, plan, sub, 'pause', null);
    return { id, result: 'paused', stripeStatus: sub.status };
  }

  async resume(id: string, ctx: AuditContext): Promise<PlanActionDto> {
    const plan = await this.plan(id);
    if (plan.plan_status !== 'paused' || plan.status === 'paused')
      throw conflict('Only a plan whose collection is paused can be resumed.');
    const sub = await this.write('resume the plan', () =>
      this.stripe.subscriptions.update(id, { pause_collection: '' }),
    );
    await this.recorded('plan.resumed', ctx, plan, sub, 'resume', periodEnd(sub));
    return { id, result: 'resumed', stripeStatus: sub.status };
  }

  /**
   * The audit row and, as the donor's own change would, the change with its confirmation e-mail to the donor (the
   * admin acted on their behalf), in one transaction.
   */
  private async recorded(
    action: string,
    ctx: AuditContext,
    plan: PlanRow,
    sub: Stripe.Subscription,
    change: PlanChange['action'],
    effectiveAt: Date | null,
  ) {
    await this.ds.transaction(async (m) => {
      await this.audit.record(action, {
        ...ctx,
        manager: m,
        details: { customerId: plan.customer_id, subscriptionId: plan.id },
      });
      if (!plan.customer_id) return;
      const amountCents = Number(plan.amount ?? 0);
      await planChanges.record(m, {
        subscriptionId: plan.id,
        customerId: plan.customer_id,
        action: change,
        actor: { kind: 'admin', adminId: ctx.adminId ?? null },
        frequency: plan.frequency,
        amountCents,
        feeCoverageCents: planFeeCoverage(amountCents, sub.metadata),
        effectiveAt,
      });
    });
  }

  private async plan(id: string): Promise<PlanRow> {
    const row = SUBSCRIPTION_ID.test(id) ? await this.repo.find(id) : null;
    if (!row) throw notFound(`Plan not found: ${id}`);
    return row;
  }

  private async write(action: string, call: () => Promise<Stripe.Subscription>): Promise<Stripe.Subscription> {
    try {
      return await call();
    } catch (err) {
      throw stripeWriteError(err, action);
    }
  }
}
