import {
  analyticsFromDay,
  computeAnalytics,
  growthPercent,
  lastTwelveMonths,
  successRatePercent,
  withMoney,
  withMonths,
} from './analytics.calc.js';

describe('computeAnalytics', () => {
  const kinds = [
    { source: 'card' as const, donation_type: 'monthly', brand: 'visa', amount: '30000', count: '3' },
    { source: 'card' as const, donation_type: 'one-time', brand: 'amex', amount: '5000', count: '2' },
    { source: 'manual' as const, donation_type: 'stock', brand: '', amount: '100000', count: '1' },
    // A bucket emptied by a deleted gift is not a kind anyone gave.
    { source: 'manual' as const, donation_type: 'cash', brand: '', amount: '0', count: '0' },
  ];
  const days = [
    { day: '2026-03-31', amount: '10000', count: '1' },
    { day: '2026-03-01', amount: '5000', count: '1' },
    { day: '2026-02-15', amount: '10000', count: '2' },
    { day: '2025-04-01', amount: '1', count: '1' },
    { day: '2025-03-31', amount: '99', count: '1' },
  ];

  it('sums the aggregates into dollars, charts every month and day, and orders kinds as donors choose them', () => {
    const a = computeAnalytics(kinds, days, '2026-03-31', 5, { count: 2, cents: 12345 });
    // 5 succeeded card charges and 5 failed ones: half of the card attempts succeeded. 2 bank debits on their way.
    expect(a.overview).toEqual({
      totalAmount: 1350,
      monthlyGrowth: 50,
      totalDonations: 6,
      averageDonation: 225,
      transactionSuccessRate: 50,
      failedCharges: 5,
      grossAmount: 0,
      stripeFees: 0,
      refunds: 0,
      disputes: 0,
      refundsAndDisputes: 0,
      receivedAmount: 0,
      netAfterFees: 0,
      pendingDonations: 2,
      pendingAmount: 123.45,
    });
    expect(a.charts.monthlyTrends).toHaveLength(12);
    expect(a.charts.monthlyTrends[0]).toEqual({ month: 'Apr 2025', amount: 0.01, gross: 0, fees: 0, net: 0 });
    expect(a.charts.monthlyTrends.at(-2)).toEqual({ month: 'Feb 2026', amount: 100, gross: 0, fees: 0, net: 0 });
    expect(a.charts.monthlyTrends.at(-1)).toEqual({ month: 'Mar 2026', amount: 150, gross: 0, fees: 0, net: 0 });
    expect(a.charts.dailyTrends).toHaveLength(30);
    expect(a.charts.dailyTrends[0]).toEqual({ date: '2026-03-02', amount: 0 });
    expect(a.charts.dailyTrends.at(-1)).toEqual({ date: '2026-03-31', amount: 100 });
    expect(a.charts.frequencyBreakdown).toEqual([
      { name: 'One-time', value: 50 },
      { name: 'Monthly', value: 300 },
      { name: 'Stock/Securities', value: 1000 },
    ]);
    expect(a.charts.paymentMethods).toEqual([
      { name: 'visa', value: 300 },
      { name: 'amex', value: 50 },
    ]);
  });

  it('answers zeros for an empty history', () => {
    const a = computeAnalytics([], [], '2026-01-15');
    expect(a.overview).toEqual({
      totalAmount: 0,
      monthlyGrowth: 0,
      totalDonations: 0,
      averageDonation: 0,
      transactionSuccessRate: 0,
      failedCharges: 0,
      grossAmount: 0,
      stripeFees: 0,
      refunds: 0,
      disputes: 0,
      refundsAndDisputes: 0,
      receivedAmount: 0,
      netAfterFees: 0,
      pendingDonations: 0,
      pendingAmount: 0,
    });
    expect(a.charts.dailyTrends.every((d) => d.amount === 0)).toBe(true);
  });

  it('computes growth and the first day it needs', () => {
    expect(successRatePercent(2, 1)).toBe(66.7);
    expect(successRatePercent(0, 3)).toBe(0);
    expect(growthPercent(150, 100)).toBe(50);
    expect(growthPercent(0, 0)).toBe(0);
    expect(growthPercent(5, 0)).toBe(100);
    expect(growthPercent(1, 3)).toBe(-66.7);
    expect(analyticsFromDay('2026-03-31')).toBe('2025-04-01');
  });

  it("charts a year's months, and adds Stripe's gross, fees and net per month and in total", () => {
    const months = [
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ];
    const year = withMonths(computeAnalytics(kinds, days, '2026-03-31'), months, [
      { month: '2025-07', amount: '2500' },
      { month: '2026-06', amount: '100' },
    ]);
    expect(year.charts.monthlyTrends.map((m) => [m.month, m.amount])).toEqual([
      ['Jul 2025', 25],
      ['Aug 2025', 0],
      ['Sep 2025', 0],
      ['Oct 2025', 0],
      ['Nov 2025', 0],
      ['Dec 2025', 0],
      ['Jan 2026', 0],
      ['Feb 2026', 0],
      ['Mar 2026', 0],
      ['Apr 2026', 0],
      ['May 2026', 0],
      ['Jun 2026', 1],
    ]);
    // A $100 gift (fee $2.50), a $50 gift (fee $1.40) refunded the next month; a $20 dispute withdrawal with its $15 fee.
    const money = withMoney(year, months, [
      { month: '2025-07', type: 'charge', amount: '15000', fee: '390', net: '14610' },
      { month: '2025-08', type: 'refund', amount: '-5000', fee: '0', net: '-5000' },
      { month: '2025-09', type: 'adjustment', amount: '-2000', fee: '1500', net: '-3500' },
      { month: '2025-09', type: 'payout', amount: '-9000', fee: '0', net: '-9000' },
    ]);
    expect(money.overview).toMatchObject({
      grossAmount: 150,
      stripeFees: 18.9,
      refunds: 50,
      disputes: 20,
      refundsAndDisputes: 70,
      receivedAmount: 80,
      netAfterFees: 61.1,
    });
    expect(money.charts.monthlyTrends[0]).toEqual({ month: 'Jul 2025', amount: 25, gross: 150, fees: 3.9, net: 146.1 });
    expect(money.charts.monthlyTrends[1]).toEqual({ month: 'Aug 2025', amount: 0, gross: 0, fees: 0, net: -50 });
    expect(lastTwelveMonths('2026-03-31')).toEqual([
      '2025-04',
      ...months.slice(0, 0),
      '2025-05',
      '2025-06',
      ...months.slice(0, 9),
    ]);
  });
});
