import type Stripe from 'stripe';
import { paymentIntentRank } from './ordering-guard.js';
import { idOf, metadataOf, toDate } from './stripe-object.js';

/** The columns of a payment_intents row that come from the Stripe object. */
export interface PaymentIntentCore {
  id: string;
  customer_id: string | null;
  amount: number;
  currency: string;
  status: string;
  description: string | null;
  receipt_email: string | null;
  latest_charge_id: string | null;
  invoice_id: string | null;
  metadata: Record<string, string>;
  created: Date;
  state_rank: number;
}

/** A whole payment_intents row: the object's columns and the guard's version. */
export interface PaymentIntentRow extends PaymentIntentCore {
  last_event_created: number;
}

export const PAYMENT_INTENT_CONTENT = [
  'customer_id',
  'amount',
  'currency',
  'status',
  'description',
  'receipt_email',
  'latest_charge_id',
  'metadata',
] as const;

/** Stripe payment intent -> payment_intents row. (`invoice` no longer exists on API 2026-10-28; read if present.) */
export function toPaymentIntentRow(pi: Stripe.PaymentIntent): PaymentIntentCore {
  return {
    id: pi.id,
    customer_id: idOf(pi.customer),
    amount: pi.amount,
    currency: pi.currency,
    status: pi.status,
    description: pi.description ?? null,
    receipt_email: pi.receipt_email ?? null,
    latest_charge_id: idOf(pi.latest_charge),
    invoice_id: idOf((pi as { invoice?: unknown }).invoice),
    metadata: metadataOf(pi),
    created: toDate(pi.created) ?? new Date(0),
    state_rank: paymentIntentRank(pi.status),
  };
}
