import { invalid } from '../core/errors.js';

/**
 * How a failed renewal is retried, like the Dashboard's "Manage failed payments" settings: retry on these
 * days after the first failed attempt, then act on the subscription (cancel it, mark it unpaid, or leave it
 * past due) and on the invoice (mark it uncollectible or leave it open).
 */
export interface RetryPolicy {
  days: number[];
  subscription: 'cancel' | 'unpaid' | 'past_due';
  invoice: 'uncollectible' | 'open';
}

/** Stripe's recommended Smart Retries setting is "8 tries within 2 weeks"; these are the emulator's fixed days for it. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  days: [1, 3, 5, 7, 9, 11, 13, 14],
  subscription: 'cancel',
  invoice: 'uncollectible',
};

/** Checks a partial policy (emulator option or `POST /_emulator/billing/retries`) and merges it over `base`. */
export function retryPolicy(base: RetryPolicy, input: Partial<Record<keyof RetryPolicy, unknown>>): RetryPolicy {
  const out = { ...base };
  if (input.days !== undefined) {
    const days = input.days;
    if (
      !Array.isArray(days) ||
      days.length > 30 ||
      !days.every((d, i) => typeof d === 'number' && d > 0 && d <= 60 && (i === 0 || d > (days[i - 1] as number)))
    ) {
      throw invalid(
        'days must be an increasing list of at most 30 numbers of days (0 < day <= 60) after the first failed attempt',
        'days',
      );
    }
    out.days = [...days] as number[];
  }
  if (input.subscription !== undefined) {
    if (!['cancel', 'unpaid', 'past_due'].includes(input.subscription as string))
      throw invalid("subscription must be 'cancel', 'unpaid' or 'past_due'", 'subscription');
    out.subscription = input.subscription as RetryPolicy['subscription'];
  }
  if (input.invoice !== undefined) {
    if (!['uncollectible', 'open'].includes(input.invoice as string))
      throw invalid("invoice must be 'uncollectible' or 'open'", 'invoice');
    out.invoice = input.invoice as RetryPolicy['invoice'];
  }
  return out;
}
