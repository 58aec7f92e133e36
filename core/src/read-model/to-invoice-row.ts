import type Stripe from 'stripe';
import { invoiceRank } from './ordering-guard.js';
import { validFrequency } from '../gifts/frequencies.js';
import { idOf, toDate } from './stripe-object.js';

/** The columns of a invoices row that come from the Stripe object. */
export interface InvoiceCore {
  id: string;
  customer_id: string | null;
  subscription_id: string | null;
  payment_intent_id: string | null;
  charge_id: string | null;
  status: string | null;
  amount_paid: number;
  /** A renewal's failed attempts: what it asks, how often it was tried, when Stripe tries again (null: no more). */
  amount_due: number;
  attempt_count: number;
  next_payment_attempt: Date | null;
  currency: string | null;
  billing_reason: string | null;
  created: Date;
  state_rank: number;
}

/** A whole invoices row: the object's columns and the guard's version. */
export interface InvoiceRow extends InvoiceCore {
  last_event_created: number;
}

export const INVOICE_CONTENT = [
  'customer_id',
  'subscription_id',
  'payment_intent_id',
  'charge_id',
  'status',
  'amount_paid',
  'amount_due',
  'attempt_count',
  'next_payment_attempt',
  'currency',
  'billing_reason',
] as const;

/**
 * Stripe invoice -> invoices row. On API 2026-10-28 the subscription is under `parent.subscription_details`
 * and the payment intent under `payments` (InvoicePayment.payment); older shapes (`subscription`,
 * `payment_intent`, `charge` at the top) are read when present.
 */
export function toInvoiceRow(inv: Stripe.Invoice): InvoiceCore {
  const subscriptionParent = subscriptionDetails(inv);
  const legacy = inv as { subscription?: unknown; payment_intent?: unknown; charge?: unknown };
  const payments = inv.payments?.data ?? [];
  const paid = payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.is_default) ?? payments[0];
  return {
    id: inv.id!,
    customer_id: idOf(inv.customer),
    subscription_id: idOf(subscriptionParent?.subscription) ?? idOf(legacy.subscription),
    payment_intent_id: idOf(paid?.payment?.payment_intent) ?? idOf(legacy.payment_intent),
    charge_id: idOf(paid?.payment?.charge) ?? idOf(legacy.charge),
    status: inv.status ?? null,
    amount_paid: inv.amount_paid ?? 0,
    amount_due: inv.amount_due ?? 0,
    attempt_count: inv.attempt_count ?? 0,
    next_payment_attempt: toDate(inv.next_payment_attempt),
    currency: inv.currency ?? null,
    billing_reason: inv.billing_reason ?? null,
    created: toDate(inv.created) ?? new Date(0),
    state_rank: invoiceRank(inv.status ?? null),
  };
}

/** The subscription's frequency as the invoice saw it (subscription metadata copied at finalization). */
export function invoiceFrequencyHint(inv: Stripe.Invoice): string | null {
  return validFrequency(subscriptionDetails(inv)?.metadata?.frequency);
}

/** The parent's subscription details, only when the invoice's parent is a subscription. */
function subscriptionDetails(inv: Stripe.Invoice): Stripe.Invoice.Parent.SubscriptionDetails | null {
  return inv.parent?.type === 'subscription_details' ? inv.parent.subscription_details : null;
}
