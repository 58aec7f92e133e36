import { publicCopy } from '../core/expand.js';
import type { Obj } from '../core/store.js';
/** Stripe's test cards: what each number or `pm_card_*` token does when charged. */
export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
  seller_message: string;
}

/** Stripe's card_error object for a decline of `pm` (a payment intent's last_payment_error, a setup intent's last_setup_error). */
export function cardError(decline: Decline, pm: Obj): Obj {
  return {
    code: decline.code,
    decline_code: decline.decline_code,
    doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
    message: decline.message,
    payment_method: publicCopy(pm),
    type: 'card_error',
  };
}

export interface CardBehaviour {
  brand: string;
  funding: 'credit' | 'debit' | 'prepaid' | 'unknown';
  decline?: Decline;
  /** Declines charges only: attaching it to a customer or setting it up succeeds (Stripe's 4000 0000 0000 0341). */
  chargesOnly?: boolean;
}

const GENERIC: Decline = {
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
  seller_message: 'The bank did not return any further details with this decline.',
};
const INSUFFICIENT: Decline = {
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  seller_message: 'The bank returned the decline code `insufficient_funds`.',
};
const LOST: Decline = {
  code: 'card_declined',
  decline_code: 'lost_card',
  message: 'Your card was declined.',
  seller_message: 'The bank returned the decline code `lost_card`.',
};
const EXPIRED: Decline = {
  code: 'expired_card',
  decline_code: 'expired_card',
  message: 'Your card has expired.',
  seller_message: 'The bank returned the decline code `expired_card`.',
};
const CVC: Decline = {
  code: 'incorrect_cvc',
  decline_code: 'incorrect_cvc',
  message: "Your card's security code is incorrect.",
  seller_message: 'The bank returned the decline code `incorrect_cvc`.',
};
const PROCESSING: Decline = {
  code: 'processing_error',
  decline_code: 'processing_error',
  message: 'An error occurred while processing your card. Try again in a little bit.',
  seller_message: 'The bank returned the decline code `processing_error`.',
};

export const TEST_NUMBERS: Record<string, CardBehaviour & { country?: string }> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '2223003122003222': { brand: 'mastercard', funding: 'credit' },
  '5200828282828210': { brand: 'mastercard', funding: 'debit' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '371449635398431': { brand: 'amex', funding: 'credit' },
  '6011111111111117': { brand: 'discover', funding: 'credit' },
  '3056930009020004': { brand: 'diners', funding: 'credit' },
  '3566002020360505': { brand: 'jcb', funding: 'credit' },
  '4000000000000002': { brand: 'visa', funding: 'credit', decline: GENERIC },
  '4000000000000341': { brand: 'visa', funding: 'credit', decline: GENERIC, chargesOnly: true },
  '4000000000009995': { brand: 'visa', funding: 'credit', decline: INSUFFICIENT },
  '4000000000009987': { brand: 'visa', funding: 'credit', decline: LOST },
  '4000000000000069': { brand: 'visa', funding: 'credit', decline: EXPIRED },
  '4000000000000127': { brand: 'visa', funding: 'credit', decline: CVC },
  '4000000000000119': { brand: 'visa', funding: 'credit', decline: PROCESSING },
};

/** `pm_card_*` test payment method tokens and the card number each one stands for. */
export const TEST_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_mastercard_debit: '5200828282828210',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_diners: '3056930009020004',
  pm_card_jcb: '3566002020360505',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedLostCard: '4000000000009987',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
  pm_card_chargeDeclinedIncorrectCvc: '4000000000000127',
  pm_card_chargeDeclinedProcessingError: '4000000000000119',
};

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** Any Luhn-valid number is accepted (brand from its prefix) and charges successfully. */
export function behaviourOf(number: string): CardBehaviour {
  return TEST_NUMBERS[number] ?? { brand: brandOf(number), funding: 'credit' };
}

/** The decline a card meets when it is attached or set up (a $0 check): every declining card but the charges-only ones. */
export function setupDeclineOf(number: string): Decline | undefined {
  const b = behaviourOf(number);
  return b.chargesOnly ? undefined : b.decline;
}
