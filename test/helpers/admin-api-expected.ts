/**
 * The admin API's numbers computed independently, straight from the raw read-model rows (charges,
 * manual_donations, donors) in plain TypeScript: no daily_totals, no donor_totals, no SQL date maths.
 * The admin-api-*.test.ts files compare every call against these.
 */
import type { TestDatabase } from './database.js';

export interface Gift {
  source: 'card' | 'manual';
  id: string;
  customerId: string | null;
  at: Date;
  gross: number;
  refunded: number;
  net: number;
  type: string;
  brand: string | null;
}

const LABELS: Record<string, string> = {
  'card:one-time': 'One-time',
  'card:monthly': 'Monthly',
  'card:quarterly': 'Quarterly',
  'card:annual': 'Annual',
  'manual:cash': 'Cash',
  'manual:check': 'Check',
  'manual:stock': 'Stock/Securities',
  'manual:item': 'In-Kind Item',
  'manual:crypto': 'Cryptocurrency',
  'manual:other': 'Other',
};
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function localDay(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );
}

export async function loadGifts(db: TestDatabase): Promise<Gift[]> {
  const charges = await db.query(`SELECT * FROM charges WHERE status = 'succeeded'`);
  const manual = await db.query(`SELECT * FROM manual_donations`);
  return [
    ...charges.map((c) => {
      const gross = Number(c.amount);
      const refunded = Number(c.amount_refunded);
      const lost =
        c.disputed &&
        !['won', 'warning_needs_response', 'warning_under_review', 'warning_closed'].includes(c.dispute_status ?? ''); // an inquiry keeps the gift
      return {
        source: 'card' as const,
        id: c.id,
        customerId: c.customer_id,
        at: new Date(c.created),
        gross,
        refunded,
        net: lost ? 0 : gross - refunded,
        type: c.frequency ?? 'one-time',
        brand: c.brand ?? 'unknown',
      };
    }),
    ...manual.map((m) => ({
      source: 'manual' as const,
      id: m.id,
      customerId: m.stripe_customer_id,
      at: new Date(m.donation_date),
      gross: Number(m.amount),
      refunded: 0,
      net: Number(m.amount),
      type: m.donation_type,
      brand: null,
    })),
  ];
}

const dollars = (cents: number) => Math.round(cents) / 100;
const successRate = (ok: number, failed: number) => (ok + failed ? Math.round((ok / (ok + failed)) * 1000) / 10 : 0);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function shiftDay(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Card charges that failed (declined), counted from the raw rows. */
export async function loadFailedCharges(db: TestDatabase): Promise<number> {
  return (await db.query(`SELECT id FROM charges WHERE status = 'failed'`)).length;
}

/** A balance transaction as stored (Stripe's gross, fee and net of a charge, refund or dispute adjustment). */
export interface MoneyLine {
  type: string;
  amount: number;
  fee: number;
  net: number;
  at: Date;
}

/** The balance transactions, read from the raw rows. */
export async function loadMoney(db: TestDatabase): Promise<MoneyLine[]> {
  const rows = await db.query(`SELECT type, amount::int, fee::int, net::int, created FROM balance_transactions`);
  return rows.map((r: { type: string; amount: number; fee: number; net: number; created: Date }) => ({
    ...r,
    at: new Date(r.created),
  }));
}

/** Gross gifts (charges and bank payments), fees and net of the money lines (payouts and returned payouts are not money lines). */
function moneyOf(lines: MoneyLine[]) {
  const money = lines.filter((l) => !['payout', 'payout_failure', 'payout_cancel'].includes(l.type));
  return {
    gross: sum(money.filter((l) => l.type === 'charge' || l.type === 'payment').map((l) => l.amount)),
    refunds: 0 - sum(money.filter((l) => l.type === 'refund' || l.type === 'payment_refund').map((l) => l.amount)),
    received: sum(money.map((l) => l.amount)),
    fees: sum(money.map((l) => l.fee)),
    net: sum(money.map((l) => l.net)),
  };
}

/** `pending`: bank debits still processing (the emulator's card tests have none), kept apart from every total. */
export function expectedAnalytics(
  gifts: Gift[],
  tz: string,
  failedCharges: number,
  now = new Date(),
  money: MoneyLine[] = [],
  pending = { count: 0, cents: 0 },
) {
  const today = localDay(now, tz);
  const total = sum(gifts.map((g) => g.net));
  const byDay = new Map<string, number>();
  for (const g of gifts) byDay.set(localDay(g.at, tz), (byDay.get(localDay(g.at, tz)) ?? 0) + g.net);
  const monthTotal = (ym: string) => sum([...byDay].filter(([d]) => d.startsWith(ym)).map(([, v]) => v));
  const months: string[] = [];
  let [y, m] = today.split('-').map(Number);
  for (let i = 0; i < 12; i++) {
    months.unshift(`${y}-${String(m).padStart(2, '0')}`);
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
  }
  const thisMonth = monthTotal(months[11]);
  const lastMonth = monthTotal(months[10]);
  const growth =
    lastMonth === 0 ? (thisMonth > 0 ? 100 : 0) : Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  const byType = new Map<string, number>();
  const byBrand = new Map<string, number>();
  for (const g of gifts) {
    byType.set(LABELS[`${g.source}:${g.type}`], (byType.get(LABELS[`${g.source}:${g.type}`]) ?? 0) + g.net);
    if (g.source === 'card') byBrand.set(g.brand!, (byBrand.get(g.brand!) ?? 0) + g.net);
  }
  const allMoney = moneyOf(money);
  const pairs = (m: Map<string, number>) =>
    [...m].map(([name, v]) => ({ name, value: dollars(v) })).sort((a, b) => a.name.localeCompare(b.name));
  return {
    overview: {
      totalAmount: dollars(total),
      monthlyGrowth: growth,
      totalDonations: gifts.length,
      averageDonation: gifts.length ? dollars(Math.round(total / gifts.length)) : 0,
      transactionSuccessRate: successRate(gifts.filter((g) => g.source === 'card').length, failedCharges),
      failedCharges,
      grossAmount: dollars(allMoney.gross),
      stripeFees: dollars(allMoney.fees),
      refunds: dollars(allMoney.refunds),
      disputes: dollars(allMoney.gross - allMoney.received - allMoney.refunds),
      refundsAndDisputes: dollars(allMoney.gross - allMoney.fees - allMoney.net),
      receivedAmount: dollars(allMoney.received),
      netAfterFees: dollars(allMoney.net),
      pendingDonations: pending.count,
      pendingAmount: dollars(pending.cents),
    },
    monthlyTrends: months.map((ym) => {
      const m = moneyOf(money.filter((l) => localDay(l.at, tz).startsWith(ym)));
      return {
        month: `${MONTHS[Number(ym.slice(5)) - 1]} ${ym.slice(0, 4)}`,
        amount: dollars(monthTotal(ym)),
        gross: dollars(m.gross),
        fees: dollars(m.fees),
        net: dollars(m.net),
      };
    }),
    dailyTrends: Array.from({ length: 30 }, (_, i) => shiftDay(today, i - 29)).map((date) => ({
      date,
      amount: dollars(byDay.get(date) ?? 0),
    })),
    frequencyBreakdown: pairs(byType),
    paymentMethods: pairs(byBrand),
  };
}

export async function expectedDonors(db: TestDatabase, gifts: Gift[], now = new Date()) {
  const live = await db.query(`SELECT id FROM donors WHERE deleted_at IS NULL`);
  const yearAgo = new Date(now);
  yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
  const stats = new Map<string, { total: number; count: number; last: Date }>();
  for (const g of gifts) {
    if (!g.customerId) continue;
    const s = stats.get(g.customerId) ?? { total: 0, count: 0, last: new Date(0) };
    s.total += g.net;
    s.count += 1;
    if (g.at > s.last) s.last = g.at;
    stats.set(g.customerId, s);
  }
  const liveIds = new Set(live.map((d) => d.id as string));
  return {
    summary: {
      totalCustomers: liveIds.size,
      activeCustomers: [...liveIds].filter((id) => (stats.get(id)?.last ?? new Date(0)) >= yearAgo).length,
      totalLifetimeValue: dollars(sum([...liveIds].map((id) => stats.get(id)?.total ?? 0))),
    },
    stats: (id: string) => {
      const s = stats.get(id) ?? { total: 0, count: 0 };
      return {
        totalDonated: dollars(s.total),
        donationCount: s.count,
        averageDonation: s.count ? dollars(Math.round(s.total / s.count)) : 0,
      };
    },
  };
}

export function sortByName<T extends { name: string }>(xs: T[]): T[] {
  return [...xs].sort((a, b) => a.name.localeCompare(b.name));
}
