import type { StripeElementsOptionsMode, StripePaymentElementOptions } from '@stripe/stripe-js';
import { PAYMENT_APPEARANCE } from '../../lib/payment-element';
import type { DonationFormData } from './types';

/** Billing address only when all four parts are present; country is always US (SPEC section 5). */
export function billingDetails(form: DonationFormData) {
  const hasAddress = Boolean(form.address && form.city && form.state && form.zipCode);
  return {
    name: `${form.firstName} ${form.lastName}`.trim(),
    email: form.email,
    phone: form.phone || undefined,
    ...(hasAddress
      ? {
          address: {
            line1: form.address,
            city: form.city,
            state: form.state,
            postal_code: form.zipCode,
            country: 'US',
          },
        }
      : {}),
  };
}

/**
 * Deferred-intent Elements: the Payment Element shows the methods the account allows for this amount (card,
 * wallets where the browser offers them, Link, US bank account) before any PaymentIntent exists, so none is
 * created for a field that cannot be charged. A recurring gift is shown as a subscription, which saves the
 * method for the renewals.
 */
export function elementsOptions(cents: number, recurring: boolean): StripeElementsOptionsMode {
  return {
    mode: recurring ? 'subscription' : 'payment',
    // Stripe wants a positive amount to show the element; a bad amount never reaches Pay (the step refuses it).
    amount: Number.isFinite(cents) && cents > 0 ? cents : 100,
    currency: 'usd',
    appearance: PAYMENT_APPEARANCE,
  };
}

/**
 * Stripe's layout for the width: tabs beside each other where there is room; on a phone the accordion, one method
 * a row, whose fields then have the element's whole width.
 */
export function paymentLayout(
  narrow = typeof matchMedia === 'function' && matchMedia('(max-width: 639px)').matches,
): StripePaymentElementOptions['layout'] {
  return narrow
    ? { type: 'accordion', defaultCollapsed: false, radios: 'always', spacedAccordionItems: false }
    : { type: 'tabs' };
}

/** The donor already gave name, e-mail and address at step 1: the element starts with them (a bank account's holder may differ). */
export function paymentElementOptions(form: DonationFormData): StripePaymentElementOptions {
  const { name, email, phone, address } = billingDetails(form);
  return {
    layout: paymentLayout(),
    defaultValues: { billingDetails: { name, email, phone, ...(address ? { address } : {}) } },
    wallets: { applePay: 'auto', googlePay: 'auto' },
  };
}
