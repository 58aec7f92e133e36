import { Inject, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { STRIPE } from '../../../core/src/stripe/stripe.client.js';
import { isStripeResourceMissing } from '../../../core/src/stripe/stripe-errors.js';
import type { Frequency } from '../../../core/src/gifts/frequencies.js';
import { donorFromMetadata, frequencyFromMetadata, recordTokenMatches, type GiftDonor } from './gift-metadata.js';

/** A gift as Stripe knows it once paid: everything the donation record keeps comes from here. */
export interface PaidGift {
  paymentIntentId: string;
  subscriptionId: string | null;
  customerId: string | null;
  amountCents: number;
  frequency: Frequency;
  donor: GiftDonor;
}

/**
 * `unknown`: no such payment, not one our form started, or the record token is not the one issued with it (the
 * three look alike on purpose). `unpaid`: the right payment, neither succeeded nor processing. A bank debit
 * that is processing counts as paid here: the donor is done, and the record keeps their details; the gift
 * itself is counted only when Stripe says the money arrived (the read model's rule, not this one's).
 */
export type PaidGiftLookup = { kind: 'paid'; gift: PaidGift } | { kind: 'unknown' } | { kind: 'unpaid' };

const PAID_OR_PROCESSING = new Set(['succeeded', 'processing']);

const idOf = (x: string | { id: string } | null | undefined): string | null =>
  typeof x === 'string' ? x : (x?.id ?? null);

/**
 * Reads back, at record time, the payment the browser says it just made. Stripe errors other than "no such
 * object" propagate: the caller cannot record without Stripe's word.
 */
@Injectable()
export class PaidGiftReader {
  constructor(@Inject(STRIPE) private readonly stripe: Stripe) {}

  async read(ref: { paymentIntentId?: string; subscriptionId?: string }, recordToken: string): Promise<PaidGiftLookup> {
    return ref.subscriptionId
      ? this.recurring(ref.subscriptionId, recordToken)
      : this.oneTime(ref.paymentIntentId!, recordToken);
  }

  /** A one-time gift: its PaymentIntent succeeded (or, paid by bank, is processing). */
  private async oneTime(id: string, token: string): Promise<PaidGiftLookup> {
    const pi = await this.orNull(this.stripe.paymentIntents.retrieve(id));
    const donor = donorFromMetadata(pi?.metadata);
    if (!pi || !donor || !recordTokenMatches(pi.metadata, token)) return { kind: 'unknown' };
    if (!PAID_OR_PROCESSING.has(pi.status)) return { kind: 'unpaid' };
    return {
      kind: 'paid',
      gift: {
        paymentIntentId: pi.id,
        subscriptionId: null,
        customerId: idOf(pi.customer),
        amountCents: pi.amount_received || pi.amount,
        frequency: frequencyFromMetadata(pi.metadata, 'one-time'),
        donor,
      },
    };
  }

  /**
   * A recurring gift: its subscription's first invoice is paid (through the PaymentIntent the record is keyed
   * by), or stays open while a bank debit of it is processing.
   */
  private async recurring(id: string, token: string): Promise<PaidGiftLookup> {
    const sub = await this.orNull(this.stripe.subscriptions.retrieve(id));
    const donor = donorFromMetadata(sub?.metadata);
    if (!sub || !donor || !recordTokenMatches(sub.metadata, token)) return { kind: 'unknown' };
    const invoices = await this.stripe.invoices.list({ subscription: sub.id, limit: 100, expand: ['data.payments'] });
    const first = invoices.data.find((i) => i.billing_reason === 'subscription_create');
    const paid =
      first?.status === 'paid' && first.amount_paid > 0
        ? first.payments?.data.find((p) => p.status === 'paid')
        : undefined;
    const paymentIntentId =
      idOf(paid?.payment.payment_intent) ?? (first?.status === 'open' ? await this.processingPayment(first) : null);
    if (!first || !paymentIntentId) return { kind: 'unpaid' };
    return {
      kind: 'paid',
      gift: {
        paymentIntentId,
        subscriptionId: sub.id,
        customerId: idOf(sub.customer),
        amountCents: paid ? first.amount_paid : first.amount_due,
        frequency: frequencyFromMetadata(sub.metadata, 'monthly'),
        donor,
      },
    };
  }

  /** The open invoice's bank debit that is processing, if there is one. */
  private async processingPayment(invoice: Stripe.Invoice): Promise<string | null> {
    for (const p of invoice.payments?.data ?? []) {
      const id = idOf(p.payment.payment_intent);
      if (id && p.status === 'open' && (await this.stripe.paymentIntents.retrieve(id)).status === 'processing')
        return id;
    }
    return null;
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
