import type { Contribution } from '../../core/src/read-model/aggregates.js';

/** A one-time Visa gift as the aggregates see it (a succeeded charge of `customerId`), for AggregateBatch tests. */
export const cardGift = (customerId: string, at: Date, amount: number): Contribution => ({
  at,
  source: 'card',
  donationType: 'one-time',
  brand: 'visa',
  customerId,
  amount,
  count: 1,
});
