import type { StripeCardElementOptions } from '@stripe/stripe-js';

/** The one look of Stripe's card field: the donate page's payment step and a donor's card change. */
export const CARD_ELEMENT_OPTIONS: StripeCardElementOptions = {
  hidePostalCode: true,
  style: {
    base: { fontSize: '18px', color: '#1d2521', fontFamily: 'system-ui, sans-serif', '::placeholder': { color: '#6b6459' } },
    invalid: { color: '#a4161a' },
  },
};
