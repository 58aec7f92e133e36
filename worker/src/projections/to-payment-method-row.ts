import type Stripe from 'stripe';
import { idOf, toDate } from './stripe-object.js';

export interface PaymentMethodRow {
  id: string;
  customer_id: string | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  created: Date;
}

export const PAYMENT_METHOD_CONTENT = ['customer_id', 'brand', 'last4', 'exp_month', 'exp_year'] as const;

/** Stripe payment method -> payment_methods row. Only cards carry brand/last4/expiry. */
export function toPaymentMethodRow(pm: Stripe.PaymentMethod): PaymentMethodRow {
  return {
    id: pm.id,
    customer_id: idOf(pm.customer),
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? null,
    exp_month: pm.card?.exp_month ?? null,
    exp_year: pm.card?.exp_year ?? null,
    created: toDate(pm.created) ?? new Date(0),
  };
}
