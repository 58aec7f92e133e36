/** metadata.source of what the public donation form creates in Stripe (customers, payment intents, subscriptions). */
export const WEBSITE_SOURCE = 'website';

/**
 * Whether a Stripe customer is a donor before any gift of theirs succeeded: every customer except those the
 * public form creates for a card attempt, which become donors only when a gift succeeds (an abandoned or
 * declined attempt must not add a donor). An admin's customers (ours or Stripe's dashboard) are donors at once.
 */
export function donorBeforeAnyGift(customer: { metadata?: Record<string, string> | null }): boolean {
  return customer.metadata?.source !== WEBSITE_SOURCE;
}
