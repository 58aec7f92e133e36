import { addDays, addMonths, monthLabel, monthOf } from '../../../core/src/gifts/calendar.js';
import { FREQUENCIES } from '../../../core/src/gifts/frequencies.js';
import { giftTypeLabel, MANUAL_DONATION_TYPES } from '../../../core/src/gifts/gift-labels.js';
import { centsToDollars } from '../../../core/src/gifts/money.js';
import { moneyFigures, NO_MONEY, type MoneyFigures } from '../../../core/src/read-model/money-lines.js';
import type { MoneyByMonth, TotalsByDay, TotalsByKind, TotalsByMonth } from './analytics.repository.js';
import type { AnalyticsDto } from './dto/analytics.dto.js';

/** The overview and charts of the analytics answer: its DTO is the one definition of their shape. */
export type AnalyticsNumbers = Pick<AnalyticsDto, 'overview' | 'charts'>;

/** Bank debits still processing (count and CENTS): money on its way, counted in no total until it arrives. */
export interface PendingCharges {
  count: number;
  cents: number;
}

/** Month-over-month growth in percent, one decimal. From nothing to something is +100%; nothing to nothing 0. */
export function growthPercent(current: number, previous: number): number {
  if (previous === 0) return current > 0 ? 100 : 0;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Succeeded card charges over every card charge that succeeded or failed, in percent with one decimal. */
export function successRatePercent(succeeded: number, failed: number): number {
  const attempts = succeeded + failed;
  return attempts > 0 ? Math.round((succeeded / attempts) * 1000) / 10 : 0;
}

/**
 * Turns aggregate rows into the analytics numbers (pure, unit-tested). `today` is the school's local day.
 * Amounts leave here in dollars; counts are gifts (card charges that succeeded, refunded or not, plus manual gifts).
 */
export function computeAnalytics(
  kinds: TotalsByKind[],
  days: TotalsByDay[],
  today: string,
  failedCharges = 0,
  pending: PendingCharges = { count: 0, cents: 0 },
): AnalyticsNumbers {
  let totalCents = 0;
  let totalCount = 0;
  let cardCount = 0;
  const byType = new Map<string, number>();
  const byBrand = new Map<string, number>();
  for (const k of kinds) {
    const amount = Number(k.amount);
    const count = Number(k.count);
    totalCents += amount;
    totalCount += count;
    if (k.source === 'card') cardCount += count;
    if (count === 0 && amount === 0) continue;
    const key = `${k.source}:${k.donation_type}`;
    byType.set(key, (byType.get(key) ?? 0) + amount);
    if (k.source === 'card') byBrand.set(k.brand, (byBrand.get(k.brand) ?? 0) + amount);
  }

  const byDay = new Map(days.map((d) => [d.day, Number(d.amount)]));
  const byMonth = new Map<string, number>();
  for (const [day, amount] of byDay) byMonth.set(monthOf(day), (byMonth.get(monthOf(day)) ?? 0) + amount);

  const monthlyTrends = lastTwelveMonths(today).map((month) => ({
    month: monthLabel(month),
    amount: centsToDollars(byMonth.get(month) ?? 0),
    gross: 0,
    fees: 0,
    net: 0,
  }));
  const dailyTrends = [];
  for (let i = 29; i >= 0; i--) {
    const date = addDays(today, -i);
    dailyTrends.push({ date, amount: centsToDollars(byDay.get(date) ?? 0) });
  }

  // Card frequencies first, in the order donors choose them, then manual types; kinds never given are left out.
  const order = [...FREQUENCIES.map((f) => `card:${f}`), ...MANUAL_DONATION_TYPES.map((t) => `manual:${t}`)];
  const typeKeys = [...byType.keys()].sort((a, b) => rank(order, a) - rank(order, b) || a.localeCompare(b));
  const frequencyBreakdown = typeKeys.map((key) => {
    const [source, type] = key.split(':') as ['card' | 'manual', string];
    return { name: giftTypeLabel(source, type), value: centsToDollars(byType.get(key)!) };
  });
  const paymentMethods = [...byBrand.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, cents]) => ({ name, value: centsToDollars(cents) }));

  const thisMonth = byMonth.get(monthOf(today)) ?? 0;
  const lastMonth = byMonth.get(monthOf(addMonths(`${monthOf(today)}-01`, -1))) ?? 0;
  return {
    overview: {
      totalAmount: centsToDollars(totalCents),
      monthlyGrowth: growthPercent(thisMonth, lastMonth),
      totalDonations: totalCount,
      averageDonation: totalCount > 0 ? centsToDollars(Math.round(totalCents / totalCount)) : 0,
      transactionSuccessRate: successRatePercent(cardCount, failedCharges),
      failedCharges,
      // Filled in by withMoney from Stripe's balance transactions.
      ...overviewMoney(NO_MONEY),
      pendingDonations: pending.count,
      pendingAmount: centsToDollars(pending.cents),
    },
    charts: { monthlyTrends, dailyTrends, frequencyBreakdown, paymentMethods },
  };
}

function rank(order: string[], key: string): number {
  const i = order.indexOf(key);
  return i === -1 ? order.length : i;
}

/** The first day whose totals analytics needs: the first of the month eleven months back. */
export function analyticsFromDay(today: string): string {
  const monthsBack = `${monthOf(addMonths(`${monthOf(today)}-01`, -11))}-01`;
  const daysBack = addDays(today, -29);
  return monthsBack < daysBack ? monthsBack : daysBack;
}

/** The twelve months 'yyyy-MM' up to and including today's, oldest first. */
export function lastTwelveMonths(today: string): string[] {
  return Array.from({ length: 12 }, (_, i) => monthOf(addMonths(`${monthOf(today)}-01`, i - 11)));
}

/** The monthly chart over other months (a calendar or fiscal year): one point per month, absent months 0. */
export function withMonths(a: AnalyticsNumbers, months: string[], totals: TotalsByMonth[]): AnalyticsNumbers {
  const byMonth = new Map(totals.map((t) => [t.month, Number(t.amount)]));
  const monthlyTrends = months.map((month) => ({
    month: monthLabel(month),
    amount: centsToDollars(byMonth.get(month) ?? 0),
    gross: 0,
    fees: 0,
    net: 0,
  }));
  return { ...a, charts: { ...a.charts, monthlyTrends } };
}

/** The overview's money figures, in dollars, of money figures in cents. */
function overviewMoney(m: MoneyFigures) {
  return {
    grossAmount: centsToDollars(m.gross),
    stripeFees: centsToDollars(m.fees),
    refunds: centsToDollars(m.refunds),
    disputes: centsToDollars(m.disputes),
    refundsAndDisputes: centsToDollars(m.refunds + m.disputes),
    receivedAmount: centsToDollars(m.received),
    netAfterFees: centsToDollars(m.afterFees),
  };
}

/**
 * Adds what Stripe's balance transactions say of the period's money (core/src/read-model/money-lines.ts: one
 * definition of gross, refunds, disputes, fees, received and after fees). Each balance transaction counts in the
 * month it was made, so a refund lowers the month of the refund. `months` are the chart's months ('yyyy-MM'),
 * `rows` every month and type of the period (the overview sums them all).
 */
export function withMoney(a: AnalyticsNumbers, months: string[], rows: MoneyByMonth[]): AnalyticsNumbers {
  const total = moneyFigures(rows);
  const monthlyTrends = a.charts.monthlyTrends.map((point, i) => {
    const m = moneyFigures(rows.filter((r) => r.month === months[i]));
    return { ...point, gross: centsToDollars(m.gross), fees: centsToDollars(m.fees), net: centsToDollars(m.afterFees) };
  });
  return { overview: { ...a.overview, ...overviewMoney(total) }, charts: { ...a.charts, monthlyTrends } };
}
