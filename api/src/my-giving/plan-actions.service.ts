import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { FREQUENCY_LABELS, type Frequency } from '../../../core/src/gifts/frequencies.js';
import { formatUsd } from '../../../core/src/gifts/money.js';
import { DomainError, forbidden, notFound } from '../../../core/src/http/errors.js';
import { LOGGER } from '../../../core/src/logging/logger.js';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import { mailDate } from '../../../core/src/school/donor-mail-texts.js';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import type { DonorSession } from './donor-session.repository.js';
import { MyGivingRepository, type PlanRow } from './my-giving.repository.js';

export const PLAN_NOT_FOUND = 'Gift not found';
export const CARD_LINK_ONLY = 'This link is for updating the card of one gift. To do more, ask for a sign-in link on this page.';
export const STRIPE_UNREACHABLE = 'We could not reach our payment service, so nothing was changed. Please try again in a few minutes.';

type Action = 'amount' | 'pause' | 'resume' | 'cancel' | 'card';
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
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ module: 'my-giving' });
  }

  async changeAmount(s: DonorSession, planId: string, cents: number, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'amount', meta, async (plan, sub) => {
      const item = sub.items.data[0];
      const recurring = item.price.recurring!;
      await this.stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price_data: { currency: item.price.currency, unit_amount: cents, product: idOf(item.price.product)!, recurring: { interval: recurring.interval, interval_count: recurring.interval_count } } }],
        proration_behavior: 'none',
      });
      const next = item.current_period_end ? ` from the next charge on ${this.day(item.current_period_end)}` : ' from the next charge';
      return {
        message: `Your ${this.label(plan)} gift is now ${formatUsd(cents)}${next}.`,
        details: { from: Number(plan.amount), to: cents },
      };
    });
  }

  async pause(s: DonorSession, planId: string, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'pause', meta, async (plan, sub) => {
      await this.stripe.subscriptions.update(sub.id, { pause_collection: { behavior: 'void' } });
      return { message: `Your ${this.label(plan)} gift is paused. Nothing will be charged until you resume it.` };
    });
  }

  /** Resumes paused collection and withdraws a scheduled cancellation: the gift runs on as before. */
  async resume(s: DonorSession, planId: string, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'resume', meta, async (plan, sub) => {
      const params: Stripe.SubscriptionUpdateParams = {};
      if (sub.pause_collection) params.pause_collection = '';
      if (sub.cancel_at_period_end) params.cancel_at_period_end = false;
      else if (sub.cancel_at) params.cancel_at = '';
      if (Object.keys(params).length) await this.stripe.subscriptions.update(sub.id, params);
      const end = sub.items.data[0]?.current_period_end;
      return { message: `Your ${this.label(plan)} gift is running again.${end ? ` The next charge is on ${this.day(end)}.` : ''}` };
    });
  }

  async cancel(s: DonorSession, planId: string, when: 'now' | 'period_end', meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'cancel', meta, async (plan, sub) => {
      if (when === 'now') {
        await this.stripe.subscriptions.cancel(sub.id);
        return { message: `Your ${this.label(plan)} gift is canceled. Nothing more will be charged. Thank you for your support.`, details: { when } };
      }
      await this.stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      const end = sub.items.data[0]?.current_period_end;
      return { message: `Your ${this.label(plan)} gift will end${end ? ` on ${this.day(end)}` : ' at the end of this period'}. Nothing is charged after that. Thank you for your support.`, details: { when } };
    });
  }

  /**
   * A SetupIntent for the Payment Element's confirmSetup, with the account's dynamic payment methods (card or US
   * bank account, which gets a multi-use mandate); the method becomes the gift's once confirmCard sees it succeeded.
   */
  async cardSetup(s: DonorSession, planId: string): Promise<string> {
    const { sub } = await this.scope(s, planId, 'card');
    const si = await this.stripeCall(() =>
      this.stripe.setupIntents.create({ customer: idOf(sub.customer)!, usage: 'off_session', metadata: { subscription: sub.id, source: 'my-giving' } }),
    );
    return si.client_secret!;
  }

  /**
   * Makes the confirmed card or bank account the gift's default and, when a renewal is unpaid, pays it with it at
   * once. A bank debit is accepted at once and settles in about four business days: the invoice stays open
   * meanwhile, and the gift's records learn the outcome from the webhooks.
   */
  async confirmCard(s: DonorSession, planId: string, setupIntentId: string, meta: RequestMeta): Promise<string> {
    return this.act(s, planId, 'card', meta, async (plan, sub) => {
      const si = await this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
      if (idOf(si.customer) !== idOf(sub.customer) || si.metadata?.subscription !== sub.id) throw notFound('Card setup not found');
      const pm = idOf(si.payment_method);
      const bank = typeof si.payment_method === 'object' && si.payment_method?.type === 'us_bank_account';
      const what = bank ? 'bank account' : 'card';
      if (si.status !== 'succeeded' || !pm) throw new DomainError(400, `The new ${what} was not confirmed. Please enter it again.`);
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
      const details = { paymentMethod: pm, type: bank ? 'us_bank_account' : 'card', paidInvoices: paid, processingInvoices: processing };
      if (processing) {
        return {
          message: `Your bank account is saved and the missed payment of ${formatUsd(processing)} is on its way from it. Bank payments take about four business days; your receipt follows when it arrives.`,
          details,
        };
      }
      return {
        message: paid
          ? `Your new ${what} is saved and the missed payment of ${formatUsd(paid)} went through. Your ${this.label(plan)} gift is active again. Thank you!`
          : `Your new ${what} is saved. Your ${this.label(plan)} gift will be ${bank ? 'paid from it' : 'charged to it'} from now on.`,
        details,
      };
    });
  }

  /** The plan, if it is the session's to touch; the live subscription from Stripe to change it with. */
  private async scope(s: DonorSession, planId: string, action: Action): Promise<{ plan: PlanRow; sub: Stripe.Subscription }> {
    if (s.purpose === 'card' && action !== 'card') throw forbidden(CARD_LINK_ONLY);
    const plan = s.purpose === 'card' && planId !== s.subscriptionId ? null : await this.repo.plan(s.customerIds, planId);
    if (!plan) throw notFound(PLAN_NOT_FOUND);
    const sub = await this.stripeCall(() => this.stripe.subscriptions.retrieve(planId));
    // The read model said it is theirs; Stripe must agree (a customer changed since, or a stale row).
    if (!s.customerIds.includes(idOf(sub.customer) ?? '')) throw notFound(PLAN_NOT_FOUND);
    if (ENDED.has(sub.status)) throw new DomainError(409, 'This gift has ended. To give again, please use the Donate page.');
    return { plan, sub };
  }

  private async act(
    s: DonorSession, planId: string, action: Action, meta: RequestMeta,
    work: (plan: PlanRow, sub: Stripe.Subscription) => Promise<{ message: string; details?: Record<string, unknown>; success?: boolean }>,
  ): Promise<string> {
    const { plan, sub } = await this.scope(s, planId, action);
    const done = await this.stripeCall(() => work(plan, sub));
    await this.audit.record(`donor.plan.${action}`, {
      actorKind: 'donor', donorId: plan.customer_id, success: done.success ?? true, ...meta,
      details: { subscriptionId: plan.id, ...done.details },
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
