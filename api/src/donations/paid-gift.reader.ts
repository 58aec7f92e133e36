import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { isStripeResourceMissing } from '../../../core/src/stripe/stripe-errors.js';
import type { Frequency } from '../../../core/src/gifts/frequencies.js';
import { donorFromMetadata, frequencyFromMetadata, recordTokenMatches, type Donor } from './gift-metadata.js';

/** A gift as Stripe knows it once paid: everything the donation record keeps comes from here. */
export interface PaidGift {
  paymentIntentId: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountCents: number;
  frequency: Frequency;
  donor: Donor;
}

/**
 * `unknown`: no such payment, not one our form started, or the record token is not the one issued with it (the
 * three look alike on purpose). `unpaid`: the right payment, not (yet) succeeded.
 */
export type PaidGiftLookup = { kind: 'paid'; gift: PaidGift } | { kind: 'unknown' } | { kind: 'unpaid' };

const idOf = (x: string | { id: string } | null | undefined): string | null => (typeof x === 'string' ? x : (x?.id ?? null));

/**
 * Reads back, at record time, the payment the browser says it just made. Stripe errors other than "no such
 * object" propagate: the caller cannot record without Stripe's word.
 */
@Injectable()
export class PaidGiftReader {
  constructor(@Inject(STRIPE) private readonly stripe: Stripe) {}

  async read(ref: { paymentIntentId?: string; subscriptionId?: string }, recordToken: string): Promise<PaidGiftLookup> {
    return ref.subscriptionId ? this.recurring(ref.subscriptionId, recordToken) : this.oneTime(ref.paymentIntentId!, recordToken);
  }

  /** A one-time gift: its PaymentIntent succeeded. */
  private async oneTime(id: string, token: string): Promise<PaidGiftLookup> {
    const pi = await this.orNull(this.stripe.paymentIntents.retrieve(id));
    const donor = donorFromMetadata(pi?.metadata);
    if (!pi || !donor || !recordTokenMatches(pi.metadata, token)) return { kind: 'unknown' };
    if (pi.status !== 'succeeded') return { kind: 'unpaid' };
    return {
      kind: 'paid',
      gift: {
        paymentIntentId: pi.id, subscriptionId: null, customerId: idOf(pi.customer), amountCents: pi.amount_received || pi.amount,
        frequency: frequencyFromMetadata(pi.metadata, 'one-time'), donor,
      },
    };
  }

  /** A recurring gift: its subscription's first invoice is paid (through the PaymentIntent the record is keyed by). */
  private async recurring(id: string, token: string): Promise<PaidGiftLookup> {
    const sub = await this.orNull(this.stripe.subscriptions.retrieve(id));
    const donor = donorFromMetadata(sub?.metadata);
    if (!sub || !donor || !recordTokenMatches(sub.metadata, token)) return { kind: 'unknown' };
    const invoices = await this.stripe.invoices.list({ subscription: sub.id, limit: 100, expand: ['data.payments'] });
    const first = invoices.data.find((i) => i.billing_reason === 'subscription_create');
    const payment = first?.payments?.data.find((p) => p.status === 'paid');
    const paymentIntentId = idOf(payment?.payment.payment_intent);
    if (!first || first.status !== 'paid' || !(first.amount_paid > 0) || !paymentIntentId) return { kind: 'unpaid' };
    return {
      kind: 'paid',
      gift: {
        paymentIntentId, subscriptionId: sub.id, customerId: idOf(sub.customer), amountCents: first.amount_paid,
        frequency: frequencyFromMetadata(sub.metadata, 'monthly'), donor,
      },
    };
  }

  private async orNull<T>(call: Promise<T>): Promise<T | null> {
    try {
      return await call;
    } catch (err) {
      if (isStripeResourceMissing(err)) return null;
      throw err;
    }
  }
}
