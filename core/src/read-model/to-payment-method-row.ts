import type Stripe from 'stripe';
import { idOf, toDate } from './stripe-object.js';

/** The columns of a payment_methods row that come from the payment method. */
export interface PaymentMethodCore {
  id: string;
  customer_id: string | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  created: Date;
}

/** A whole payment_methods row: detached_at is a tombstone (a detached payment method is never attached again). */
export interface PaymentMethodRow extends PaymentMethodCore {
  detached_at: Date | null;
  last_event_created: number;
}

export const PAYMENT_METHOD_CONTENT = ['customer_id', 'brand', 'last4', 'exp_month', 'exp_year'] as const;

/**
 * Stripe payment method -> payment_methods row. Cards carry brand, last4 and expiry; a US bank account has no
 * brand and the account's last four digits in last4 (as a bank charge's row, see isBankDebit).
 */
export function toPaymentMethodRow(pm: Stripe.PaymentMethod): PaymentMethodCore {
  return {
    id: pm.id,
    customer_id: idOf(pm.customer),
    brand: pm.card?.brand ?? null,
    last4: pm.card?.last4 ?? pm.us_bank_account?.last4 ?? null,
    exp_month: pm.card?.exp_month ?? null,
    exp_year: pm.card?.exp_year ?? null,
    created: toDate(pm.created) ?? new Date(0),
  };
}
