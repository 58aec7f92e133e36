import { monthlyRecurringCents } from './recurring-revenue.js';

describe('monthlyRecurringCents', () => {
  it('spreads quarterly and annual plans over their months', () => {
    expect(
      monthlyRecurringCents([
        { frequency: 'monthly', cents: 2000 },
        { frequency: 'quarterly', cents: 3000 },
        { frequency: 'annual', cents: 12000 },
      ]),
    ).toBe(2000 + 1000 + 1000);
  });

  it('rounds once, at the end', () => {
    // 1,000 quarterly $10 plans: $3,333.33, where rounding each plan would give $3,330.00.
    expect(monthlyRecurringCents([{ frequency: 'quarterly', cents: 1000 * 1000 }])).toBe(333333);
    expect(
      monthlyRecurringCents([
        { frequency: 'annual', cents: 100 },
        { frequency: 'annual', cents: 100 },
      ]),
    ).toBe(17);
  });

  it('counts an unknown cadence as monthly and nothing as zero', () => {
    expect(monthlyRecurringCents([{ frequency: null, cents: 500 }])).toBe(500);
    expect(monthlyRecurringCents([])).toBe(0);
  });
});
