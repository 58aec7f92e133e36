import { HttpException, HttpStatus } from '@nestjs/common';
import Stripe from 'stripe';

export function isStripeResourceMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404);
}

/**
 * A failed Stripe write as an HTTP answer `{error, message}`: what the admin typed wrong (Stripe's 400s, e.g.
 * an invalid e-mail) is a 400 with Stripe's own words; anything else (network, Stripe down, bad key, rate limit)
 * is a 502, since the fault is upstream and nothing was written on our side.
 */
export function stripeHttpError(err: unknown, action: string): HttpException {
  if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode ?? 400) < 500 && err.statusCode !== 401) {
    const message = err.message || `Stripe refused to ${action}`;
    return new HttpException({ statusCode: 400, error: message, message }, HttpStatus.BAD_REQUEST);
  }
  const message = `Could not ${action}: the payment provider did not answer correctly. Nothing was changed; please try again.`;
  return new HttpException({ statusCode: 502, error: message, message }, HttpStatus.BAD_GATEWAY);
}

export function notFound(message: string): HttpException {
  return new HttpException({ statusCode: 404, error: message, message }, HttpStatus.NOT_FOUND);
}

export function badRequest(message: string): HttpException {
  return new HttpException({ statusCode: 400, error: message, message }, HttpStatus.BAD_REQUEST);
}
