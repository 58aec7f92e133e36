import type { Appearance, StripePaymentElementChangeEvent } from '@stripe/stripe-js';

/**
 * What the donate page's payment step and a donor's change of payment method share about Stripe's Payment
 * Element: its look, and its state as a submit button needs it.
 */
export const PAYMENT_APPEARANCE: Appearance = {
  theme: 'stripe',
  variables: {
    fontSizeBase: '18px',
    colorText: '#1d2521',
    colorDanger: '#a4161a',
    fontFamily: 'system-ui, sans-serif',
  },
};

/** The Payment Element's state as the Pay button needs it: which method, and whether it can be charged. */
export interface PaymentFieldState {
  complete: boolean;
  empty: boolean;
  /** 'card', 'us_bank_account', 'link', 'apple_pay', ... (Stripe's name of the chosen method). */
  type: string;
  error?: { message?: string };
}

export const INITIAL_FIELD_STATE: PaymentFieldState = { complete: false, empty: true, type: 'card' };

export function fieldState(e: StripePaymentElementChangeEvent & { error?: { message?: string } }): PaymentFieldState {
  return { complete: e.complete, empty: e.empty, type: e.value?.type ?? 'card', error: e.error };
}

const CARD_EMPTY = 'Enter your card number, expiration date and security code.';
const CARD_INCOMPLETE =
  'Your card details are incomplete. Please check the card number, expiration date and security code.';
const BANK_INCOMPLETE = "Enter the account holder's name, the routing number and the account number.";
const OTHER_INCOMPLETE = 'Your payment details are incomplete.';

/** What is missing in the payment field, as the donor can fix it: Stripe's own message when it has one. */
export function paymentProblem(s: PaymentFieldState): string | null {
  if (s.complete) return null;
  if (s.type === 'card') return s.empty ? CARD_EMPTY : (s.error?.message ?? CARD_INCOMPLETE);
  return s.type === 'us_bank_account' ? BANK_INCOMPLETE : (s.error?.message ?? OTHER_INCOMPLETE);
}
