import Stripe from 'stripe';
import { DomainError } from '../http/errors.js';

export function isStripeResourceMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404);
}

/**
 * A failed Stripe write as the error the admin sees: what they typed wrong (Stripe's 400s, e.g. an invalid
 * e-mail) is a 400 with Stripe's own words; anything else (network, Stripe down, bad key, rate limit) is a 502,
 * since the fault is upstream and nothing was written on our side.
 */
export function stripeWriteError(err: unknown, action: string): DomainError {
  if (
    err instanceof Stripe.errors.StripeInvalidRequestError &&
    (err.statusCode ?? 400) < 500 &&
    err.statusCode !== 401
  ) {
    return new DomainError(400, err.message || `Stripe refused to ${action}`);
  }
  return new DomainError(
    502,
    `Could not ${action}: the payment provider did not answer correctly. Nothing was changed; please try again.`,
  );
}
