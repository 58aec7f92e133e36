import {
  FREQUENCIES,
  FREQUENCY_INTERVALS,
  FREQUENCY_LABELS,
  frequencyFromInterval,
  validFrequency,
} from './frequencies.js';
import { chargeDisplayStatus } from './gift-labels.js';
import { fundsHeldByDispute, needsIrsReceipt, netCents, netCentsSql } from './net-amount.js';

describe('frequencies', () => {
  it('reads each recurring frequency back from the Stripe interval it is billed at', () => {
    for (const [frequency, { interval, interval_count }] of Object.entries(FREQUENCY_INTERVALS)) {
      expect(frequencyFromInterval(interval, interval_count)).toBe(frequency);
    }
    expect(Object.keys(FREQUENCY_INTERVALS)).toEqual(FREQUENCIES.filter((f) => f !== 'one-time'));
    expect(Object.keys(FREQUENCY_LABELS)).toEqual([...FREQUENCIES]);
  });

  it('accepts only the four frequencies', () => {
    expect(validFrequency('quarterly')).toBe('quarterly');
    expect(validFrequency('weekly')).toBeNull();
    expect(validFrequency(undefined)).toBeNull();
  });
});

describe('the net amount of a gift', () => {
  const charge = { amount: 10_000, amount_refunded: 2_500, disputed: false, dispute_status: null };

  it('is the amount less refunds, and nothing while a dispute holds the funds', () => {
    expect(netCents(charge)).toBe(7_500);
    expect(netCents({ ...charge, amount: '10000', amount_refunded: '0' })).toBe(10_000);
    for (const status of ['needs_response', 'under_review', 'lost', null])
      expect(netCents({ ...charge, disputed: true, dispute_status: status })).toBe(0);
    for (const status of ['won', 'warning_needs_response', 'warning_under_review', 'warning_closed'])
      expect(netCents({ ...charge, disputed: true, dispute_status: status })).toBe(7_500);
  });

  it('agrees with the transaction status shown for the same charge', () => {
    for (const status of [
      'needs_response',
      'lost',
      'won',
      'warning_needs_response',
      'warning_under_review',
      'warning_closed',
    ]) {
      const c = { ...charge, status: 'succeeded', disputed: true, dispute_status: status };
      expect(chargeDisplayStatus(c) === 'disputed').toBe(fundsHeldByDispute(c));
    }
  });

  it('is written as SQL from the same list of outcomes', () => {
    expect(netCentsSql('c')).toBe(
      "CASE WHEN c.disputed AND coalesce(c.dispute_status, '') NOT IN ('won', 'warning_needs_response', 'warning_under_review', 'warning_closed') THEN 0 ELSE c.amount - c.amount_refunded END",
    );
    expect(netCentsSql()).toContain('WHEN disputed AND coalesce(dispute_status');
  });

  it('needs a written acknowledgment from $250', () => {
    expect(needsIrsReceipt(24_999)).toBe(false);
    expect(needsIrsReceipt(25_000)).toBe(true);
  });
});
