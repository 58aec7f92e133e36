import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import Stripe from 'stripe';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { isStripeResourceMissing } from '../../../core/src/stripe/stripe-errors.js';
import { badRequest, DomainError, forbidden } from '../../../core/src/http/errors.js';
import { DONATIONS_LOGGER } from './donations.tokens.js';
import { recordTokenMatches } from './gift-metadata.js';
import { StripeDonationsService } from './stripe-donations.service.js';

export const NOT_YOURS = 'This gift cannot be made monthly: it does not match a payment made on this page.';
export const NO_SAVED_CARD =
  'We could not keep the card of this gift for a monthly gift. Please start a monthly gift with the form.';

/** The metadata keys a monthly plan made from a one-time gift does not carry over. */
const NOT_CARRIED = new Set([
  'record_token_sha256',
  'frequency',
  'donation_type',
  'donor_tribute_email',
  'donor_tribute_address',
]);

/** One calendar month after a unix time, in UTC (the 31st becomes the month's last day, as Stripe anchors it). */
export function oneMonthAfter(unix: number): number {
  const d = new Date(unix * 1000);
  const target = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return Math.floor(target.getTime() / 1000);
}

/**
 * "Make it monthly" after a one-time gift: a monthly plan for the same amount (and the same fund and fee split),
 * charged to the card the gift was paid with (saved by the PaymentIntent's setup_future_usage), starting one
 * month after the gift: nothing is charged today. Only the page holding the gift's record token may ask, once:
 * the plan's id is written back on the PaymentIntent, and Stripe's idempotency key makes a double click one plan.
 * A tribute's notice is not sent again (whom to tell is not carried over).
 */
@Injectable()
export class MakeMonthlyService {
  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe,
    @Inject(StripeDonationsService) private readonly donations: StripeDonationsService,
    @Inject(DONATIONS_LOGGER) private readonly logger: Logger,
  ) {}

  async start(
    paymentIntentId: string,
    recordToken: string,
  ): Promise<{ subscriptionId: string; amountCents: number; firstChargeAt: number }> {
    let pi: Stripe.PaymentIntent;
    try {
      pi = await this.stripe.paymentIntents.retrieve(paymentIntentId);
    } catch (err) {
      if (isStripeResourceMissing(err)) throw forbidden(NOT_YOURS);
      throw this.unavailable(err);
    }
    if (!recordTokenMatches(pi.metadata, recordToken) || pi.metadata?.frequency !== 'one-time')
      throw forbidden(NOT_YOURS);
    if (pi.status !== 'succeeded') throw badRequest('That payment has not been completed.');
    const firstChargeAt = oneMonthAfter(pi.created);
    const existing = pi.metadata.monthly_subscription_id;
    if (existing) return { subscriptionId: existing, amountCents: pi.amount, firstChargeAt };
    const customer = typeof pi.customer === 'string' ? pi.customer : pi.customer?.id;
    const paymentMethod = typeof pi.payment_method === 'string' ? pi.payment_method : pi.payment_method?.id;
    if (!customer || !paymentMethod || !pi.setup_future_usage) throw badRequest(NO_SAVED_CARD);
    const metadata: Record<string, string> = {
      frequency: 'monthly',
      donation_type: 'monthly',
      made_monthly_from: pi.id,
    };
    for (const [k, v] of Object.entries(pi.metadata))
      if (!NOT_CARRIED.has(k) && k !== 'monthly_subscription_id') metadata[k] = v;
    const school = await this.donations.schoolName();
    try {
      const sub = await this.stripe.subscriptions.create(
        {
          customer,
          items: [
            {
              price_data: {
                currency: 'usd',
                unit_amount: pi.amount,
                product: await this.donations.recurringProductId(),
                recurring: { interval: 'month' },
              },
            },
          ],
          description: `Monthly donation to ${school}`,
          default_payment_method: paymentMethod,
          billing_cycle_anchor: firstChargeAt,
          proration_behavior: 'none',
          payment_settings: { payment_method_types: ['card'] },
          metadata,
        },
        { idempotencyKey: `make-monthly-${pi.id}` },
      );
      await this.stripe.paymentIntents.update(pi.id, { metadata: { monthly_subscription_id: sub.id } });
      return { subscriptionId: sub.id, amountCents: pi.amount, firstChargeAt };
    } catch (err) {
      throw this.unavailable(err);
    }
  }

  private unavailable(err: unknown): DomainError {
    this.logger.warn(
      { err: (err as Error).message, type: (err as { type?: string }).type },
      'could not start a monthly gift from a one-time gift',
    );
    return new DomainError(502, 'We could not start the monthly gift just now. Please try again in a moment.');
  }
}
