import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { DataSource } from 'typeorm';
import { planChanges, planFeeCoverage, type PlanChange } from '../../../core/src/donor-access/plan-changes.js';
import { feeCoverageFor, feeFor } from '../../../core/src/gifts/fee-coverage.js';
import { FREQUENCY_LABELS, type Frequency } from '../../../core/src/gifts/frequencies.js';
import { designationMetadata } from '../../../core/src/gifts/gift-designation.js';
import { formatUsd } from '../../../core/src/gifts/money.js';
import { PaymentFeesService } from '../payment-fees/payment-fees.service.js';
import { isBankDebit } from '../../../core/src/read-model/to-charge-row.js';
import { DomainError, forbidden, notFound } from '../../../core/src/http/errors.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import { mailDate } from '../../../core/src/school/donor-mail-texts.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import type { SignedInDonor } from './donor-session.repository.js';
import { MyGivingRepository, type PlanRow } from './my-giving.repository.js';

export const PLAN_NOT_FOUND = 'Gift not found';
export const CARD_LINK_ONLY =
  'This link is for updating the card of one gift. To do more, ask for a sign-in link on this page.';
export const STRIPE_UNREACHABLE =
  'We could not reach our payment service, so nothing was changed. Please try again in a few minutes.';

type Action = 'amount' | 'pause' | 'resume' | 'cancel' | 'card';

/** What an action did: the donor's message, the audit details, and the change its confirmation e-mail states. */
interface Done {
  message: string;
  details?: Record<string, unknown>;
  success?: boolean;
  change?: Partial<Pick<PlanChange, 'amountCents' | 'fromCents' | 'feeCoverageCents' | 'method' | 'effectiveAt'>>;
}

const at = (unixSeconds: number | null | undefined) => (unixSeconds ? new Date(unixSeconds * 1000) : null);

/** 'Visa ending in 4242', 'your bank account ending in 6789' (as a sentence says it), of a payment method Stripe answered. */
function methodName(pm: Stripe.PaymentMethod): string | null {
  if (pm.type === 'us_bank_account')
    return pm.us_bank_account?.last4 ? `your bank account ending in ${pm.us_bank_account.last4}` : 'your bank account';
  const card = pm.card;
  return card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}` : null;
}
const ENDED = new Set(['canceled', 'incomplete_expired']);

/**
 * The donor's actions on their own recurring gifts, each through the Stripe API (the read model learns the
 * result from the webhooks like everything else) and each in the audit log with the donor as actor. A plan
 * id outside the session's customers answers 404, the same as one that does not exist, and changes nothing.
 */
@Injectable()
export class PlanActionsService {
  private readonly logger: Logger;

  constructor(
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(MyGivingRepository) private readonly repo: MyGivingRepository,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(LOGGER) logger: Logger,
    @Inject(PaymentFeesService) private readonly fees: PaymentFeesService,
  ) {
    this.logger = logger.child({ module: 'my-giving' });
  }

  /**
   * A new amount from the next charge on (no proration). With `coverFees` the donor adds the processing fee of the
   * gift's method by the donate form's rule, and the subscription's metadata states the split, so every renewal is
   * recorded as the gift plus its fee coverage; without it the old split is removed.
   */
  async changeAmount(
    s: SignedInDonor,
    planId: string,
    cents: number,
    coverFees: boolean,
    meta: RequestMeta,
  ): Promise<string> {
    return this.act(s, planId, 'amount', meta, async (plan, sub) => {
      const item = sub.items.data[0];
      const recurring = item.price.recurring!;
      const method = isBankDebit(plan) ? 'us_bank_account' : 'card';
      const fee = coverFees ? feeCoverageFor(cents, feeFor(method, await this.fees.current())) : 0;
      const charged = cents + fee;
      // The same amount asked again (a retried request) changes nothing and confirms nothing a second time.
      const same = item.price.unit_amount === charged && planFeeCoverage(charged, sub.metadata, method) === fee;
      if (!same)
        await this.stripe.subscriptions.update(sub.id, {
          items: [
            {
              id: item.id,
              price_data: {
                currency: item.price.currency,
                unit_amount: charged,
                product: idOf(item.price.product)!,
                recurring: { interval: recurring.interval, interval_count: recurring.interval_count },
              },
            },
          ],
          proration_behavior: 'none',
          metadata:
            fee > 0
              ? designationMetadata({
                  fundId: null,
                  giftCents: cents,
                  feeCoverageCents: fee,
                  feeMethod: method,
                  tribute: null,
                })
              : { gift_cents: '', fee_coverage_cents: '', fee_method: '' },
        });
      const next = item.current_period_end
        ? ` from the next charge on ${this.day(item.current_period_end)}`
        : ' from the next charge';
      const amount =
        fee > 0 ? `${formatUsd(charged)} (${formatUsd(cents)} + ${formatUsd(fee)} fees)` : formatUsd(charged);
      return {
        message: `Your ${this.label(plan)} gift is now ${amount}${next}.`,
        details: { from: Number(plan.amount), to: charged, feeCoverage: fee },
        change: same
          ? undefined
          : {
              amountCents: charged,
              fromCents: Number(plan.amount),
              feeCoverageCents: fee,
              effectiveAt: at(item.current_period_end),
            },
      };
    });
  }

  async pause(s: SignedInDonor, planId: string, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'pause', meta, async (plan, sub) => {
      const already = Boolean(sub.pause_collection);
      if (!already) await this.stripe.subscriptions.update(sub.id, { pause_collection: { behavior: 'void' } });
      return {
        message: `Your ${this.label(plan)} gift is paused. Nothing will be charged until you resume it.`,
        change: already ? undefined : {},
      };
    });
  }

  /** Resumes paused collection and withdraws a scheduled cancellation: the gift runs on as before. */
  async resume(s: SignedInDonor, planId: string, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'resume', meta, async (plan, sub) => {
      const params: Stripe.SubscriptionUpdateParams = {};
      if (sub.pause_collection) params.pause_collection = '';
      if (sub.cancel_at_period_end) params.cancel_at_period_end = false;
      else if (sub.cancel_at) params.cancel_at = '';
      const changed = Object.keys(params).length > 0;
      if (changed) await this.stripe.subscriptions.update(sub.id, params);
      const end = sub.items.data[0]?.current_period_end;
      return {
        message: `Your ${this.label(plan)} gift is running again.${end ? ` The next charge is on ${this.day(end)}.` : ''}`,
        change: changed ? { effectiveAt: at(end) } : undefined,
      };
    });
  }

  async cancel(s: SignedInDonor, planId: string, when: 'now' | 'period_end', meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'cancel', meta, async (plan, sub) => {
      if (when === 'now') {
        await this.stripe.subscriptions.cancel(sub.id);
        return {
          message: `Your ${this.label(plan)} gift is canceled. Nothing more will be charged. Thank you for your support.`,
          details: { when },
          change: {},
        };
      }
      const already = sub.cancel_at_period_end;
      if (!already) await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      const end = sub.items.data[0]?.current_period_end;
      return {
        message: `Your ${this.label(plan)} gift will end${end ? ` on ${this.day(end)}` : ' at the end of this period'}. Nothing is charged after that. Thank you for your support.`,
        details: { when },
        change: already ? undefined : { effectiveAt: at(end) },
      };
    });
  }

  /**
   * A SetupIntent for the Payment Element's confirmSetup, with the account's dynamic payment methods (card or US
   * bank account, which gets a multi-use mandate); the method becomes the gift's once confirmCard sees it succeeded.
   */
  async cardSetup(s: SignedInDonor, planId: string): Promise<string> {
    const { sub } = await this.scope(s, planId, 'card');
    const si = await this.stripeCall(() =>
      this.stripe.setupIntents.create({
        customer: idOf(sub.customer)!,
        usage: 'off_session',
        metadata: { subscription: sub.id, source: 'my-giving' },
      }),
    );
    return si.client_secret!;
  }

  /**
   * Makes the confirmed card or bank account the gift's default and, when a renewal is unpaid, pays it with it at
   * once. A bank debit is accepted at once and settles in about four business days: the invoice stays open
   * meanwhile, and the gift's records learn the outcome from the webhooks.
   */
  async confirmCard(s: SignedInDonor, planId: string, setupIntentId: string, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'card', meta, async (plan, sub) => {
      const si = await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      if (idOf(si.customer) !== idOf(sub.customer) || si.metadata?.subscription !== sub.id)
        throw notFound('Card setup not found');
      const pm = idOf(si.payment_method);
      const bank = typeof si.payment_method === 'object' && si.payment_method?.type === 'us_bank_account';
      const what = bank ? 'bank account' : 'card';
      if (si.status !== 'succeeded' || !pm)
        throw new DomainError(400, `The new ${what} was not confirmed. Please enter it again.`);
      await this.stripe.subscriptions.update(sub.id, { default_payment_method: pm });
      const open = (await this.stripe.invoices.list({ subscription: sub.id, status: 'open', limit: 10 })).data;
      let paid = 0;
      let processing = 0;
      for (const inv of open) {
        try {
          const after = await this.stripe.invoices.pay(inv.id!, { payment_method: pm });
          if (after.status === 'paid') paid += inv.amount_due;
          else processing += inv.amount_due;
        } catch (err) {
          if ((err as { type?: string }).type !== 'StripeCardError') throw err;
          return {
            message: `Your new ${what} was saved for your ${this.label(plan)} gift, but the payment of ${formatUsd(inv.amount_due)} was declined: ${(err as Error).message} Please try another card or a bank account.`,
            details: { paymentMethod: pm, paidInvoices: paid, declined: inv.id },
            success: false,
          };
        }
      }
      const details = {
        paymentMethod: pm,
        type: bank ? 'us_bank_account' : 'card',
        paidInvoices: paid,
        processingInvoices: processing,
      };
      const change = {
        method: typeof si.payment_method === 'object' && si.payment_method ? methodName(si.payment_method) : null,
        effectiveAt: paid || processing ? null : at(sub.items.data[0]?.current_period_end),
      };
      if (processing) {
        return {
          message: `Your bank account is saved and the missed payment of ${formatUsd(processing)} is on its way from it. Bank payments take about four business days; your receipt follows when it arrives.`,
          details,
          change,
        };
      }
      return {
        message: paid
          ? `Your new ${what} is saved and the missed payment of ${formatUsd(paid)} went through. Your ${this.label(plan)} gift is active again. Thank you!`
          : `Your new ${what} is saved. Your ${this.label(plan)} gift will be ${bank ? 'paid from it' : 'charged to it'} from now on.`,
        details,
        change,
      };
    });
  }

  /** The plan, if it is the session's to touch; the live subscription from Stripe to change it with. */
  private async scope(
    s: SignedInDonor,
    planId: string,
    action: Action,
  ): Promise<{ plan: PlanRow; sub: Stripe.Subscription }> {
    if (s.purpose === 'card' && action !== 'card') throw forbidden(CARD_LINK_ONLY);
    const plan =
      s.purpose === 'card' && planId !== s.subscriptionId ? null : await this.repo.plan(s.customerIds, planId);
    if (!plan) throw notFound(PLAN_NOT_FOUND);
    const sub = await this.stripeCall(() => this.stripe.subscriptions.retrieve(planId));
    // The read model said it is theirs; Stripe must agree (a customer changed since, or a stale row).
    if (!s.customerIds.includes(idOf(sub.customer) ?? '')) throw notFound(PLAN_NOT_FOUND);
    if (ENDED.has(sub.status))
      throw new DomainError(409, 'This gift has ended. To give again, please use the Donate page.');
    return { plan, sub };
  }

  /**
   * One action: Stripe first, then the audit row and, for a change that was made, the change and its confirmation
   * e-mail in one transaction (see planChanges.record).
   */
  private async act(
    s: SignedInDonor,
    planId: string,
    action: Action,
    meta: RequestMeta,
    work: (plan: PlanRow, sub: Stripe.Subscription) => Promise<Done>,
  ): Promise<string> {
    const { plan, sub } = await this.scope(s, planId, action);
    const done = await this.stripeCall(() => work(plan, sub));
    await this.ds.transaction(async (m) => {
      await this.audit.record(`donor.plan.${action}`, {
        actorKind: 'donor',
        donorId: plan.customer_id,
        success: done.success ?? true,
        ...meta,
        manager: m,
        details: { subscriptionId: plan.id, ...done.details },
      });
      if (done.change && done.success !== false) {
        await planChanges.record(m, {
          subscriptionId: plan.id,
          customerId: plan.customer_id,
          action,
          actor: { kind: 'donor' },
          frequency: plan.frequency,
          amountCents: Number(plan.amount ?? 0),
          feeCoverageCents: planFeeCoverage(
            Number(plan.amount ?? 0),
            plan.metadata,
            isBankDebit(plan) ? 'us_bank_account' : 'card',
          ),
          ...done.change,
        });
      }
    });
    return done.message;
  }

  /** Stripe's failures as plain words: a refusal says what Stripe said, an outage that nothing changed. */
  private async stripeCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const e = err as { type?: string; statusCode?: number; message: string };
      this.logger.warn({ err: e.message, type: e.type }, 'a donor action failed at Stripe');
      if (e.type === 'StripeCardError') throw new DomainError(402, e.message);
      if (e.statusCode === 404) throw notFound(PLAN_NOT_FOUND);
      throw new DomainError(502, STRIPE_UNREACHABLE);
    }
  }

  private label(p: PlanRow): string {
    return (FREQUENCY_LABELS[p.frequency as Frequency] ?? 'recurring').toLowerCase();
  }

  private day(unixSeconds: number): string {
    return mailDate(new Date(unixSeconds * 1000), this.env.TIME_ZONE);
  }
}
