import { chargeContribution, dayParts, partChanges, type ChargeFacts } from './aggregates.js';
import { mergeRefunds } from './to-charge-row.js';

const oct31 = new Date('2026-10-31T16:00:00Z');
const nov2 = Date.parse('2026-11-02T15:00:00Z') / 1000;
const nov5 = new Date('2026-11-05T15:00:00Z');
const charge = (over: Partial<ChargeFacts> = {}): ChargeFacts => ({
  status: 'succeeded',
  amount: 10000,
  amount_refunded: 0,
  disputed: false,
  dispute_status: null,
  frequency: 'one-time',
  brand: 'visa',
  customer_id: 'cus_1',
  created: oct31,
  refunds: [],
  disputed_at: null,
  ...over,
});
const parts = (c: ChargeFacts) => dayParts(chargeContribution(c)!).map((p) => [p.at.toISOString(), p.amount, p.count]);

describe('refunds and disputes on the day they happened', () => {
  it('keeps the gift on its day and takes each listed refund on its own day; the net is unchanged', () => {
    const c = charge({ amount_refunded: 2500, refunds: [{ id: 're_1', amount: 2500, created: nov2 }] });
    expect(parts(c)).toEqual([
      [oct31.toISOString(), 10000, 1],
      [new Date(nov2 * 1000).toISOString(), -2500, 0],
    ]);
    expect(chargeContribution(c)!.amount).toBe(7500);
  });

  it('leaves a refunded amount no listed refund explains on the gift day', () => {
    expect(parts(charge({ amount_refunded: 2500 }))).toEqual([[oct31.toISOString(), 7500, 1]]);
  });

  it('takes what a dispute holds on the day it was opened, and gives it back on the day the dispute is won', () => {
    const open = charge({ disputed: true, dispute_status: 'needs_response', disputed_at: nov5 });
    expect(parts(open)).toEqual([
      [oct31.toISOString(), 10000, 1],
      [nov5.toISOString(), -10000, 0],
    ]);
    expect(parts({ ...open, dispute_status: 'lost' })).toEqual(parts(open));
    // Won on December 2: November keeps the withdrawal (as Stripe's balance does), December gets the money back.
    const dec2 = new Date('2026-12-02T15:00:00Z');
    const won = { ...open, dispute_status: 'won', dispute_reinstated_at: dec2 };
    expect(parts(won)).toEqual([
      [oct31.toISOString(), 10000, 1],
      [nov5.toISOString(), -10000, 0],
      [dec2.toISOString(), 10000, 0],
    ]);
    expect(chargeContribution(won)!.amount).toBe(10000);
    expect(
      partChanges(chargeContribution(open), chargeContribution(won)).map((p) => [
        p.at.toISOString(),
        p.amount,
        p.count,
      ]),
    ).toEqual([[dec2.toISOString(), 10000, 0]]);
    // An inquiry, open or closed, never withdraws anything: the gift stays whole.
    for (const status of ['warning_needs_response', 'warning_under_review', 'warning_closed']) {
      expect(parts({ ...open, dispute_status: status })).toEqual([[oct31.toISOString(), 10000, 1]]);
      expect(chargeContribution({ ...open, dispute_status: status })!.amount).toBe(10000);
    }
  });

  it('keeps the refunds a row knew, adds news by id, drops failed ones, in a stable order', () => {
    const kept = [{ id: 're_2', amount: 100, created: 20 }];
    expect(mergeRefunds(kept, [{ id: 're_1', amount: 50, created: 10, status: 'succeeded' }])).toEqual([
      { id: 're_1', amount: 50, created: 10 },
      { id: 're_2', amount: 100, created: 20 },
    ]);
    expect(mergeRefunds(kept, [{ id: 're_2', amount: 100, created: 20, status: 'failed' }])).toEqual([]);
  });
});
