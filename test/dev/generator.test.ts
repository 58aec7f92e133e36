import {
  generateHistory,
  generateSlice,
  oneTimeRateFor,
  type History,
} from '../../dev/demo-history/generator/index.js';
import { givingTuesday } from '../../dev/demo-history/generator/calendar.js';

const endDate = new Date('2026-05-01T00:00:00Z');
const options = { seed: 20251202, donors: 2000, months: 24, endDate };
const history = generateHistory(options);
const succeeded = history.cardGifts.filter((g) => g.outcome === 'succeeded');

/** The calendar day a time falls on in the school's zone. */
const chicagoDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Chicago' });

describe('generateHistory', () => {
  it('is deterministic from the seed, and a different seed gives a different history', () => {
    const again = generateHistory(options);
    expect(JSON.stringify(again)).toBe(JSON.stringify(history));
    const other = generateHistory({ ...options, seed: 7 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(history));
  });

  it('generates any slice of donors exactly as the whole history does', () => {
    const a = generateSlice(options, 0, 700);
    const b = generateSlice(options, 700, 2000);
    const merged: History = {
      donors: [...a.donors, ...b.donors],
      cardGifts: [...a.cardGifts, ...b.cardGifts],
      subscriptions: [...a.subscriptions, ...b.subscriptions],
      manualGifts: [...a.manualGifts, ...b.manualGifts],
    };
    const keys = (h: History) => h.cardGifts.map((g) => `${g.key}:${g.at.getTime()}:${g.amountCents}`).sort();
    expect(keys(merged)).toEqual(keys(history));
    expect(merged.donors.map((d) => d.email).sort()).toEqual(history.donors.map((d) => d.email).sort());
  });

  it('makes donors with US names, unique e-mails, addresses and a creation time before their first gift', () => {
    expect(history.donors).toHaveLength(2000);
    expect(new Set(history.donors.map((d) => d.email)).size).toBe(2000);
    const arkansas = history.donors.filter((d) => d.address.state === 'AR').length;
    expect(arkansas / 2000).toBeGreaterThan(0.6);
    expect(new Set(history.donors.map((d) => d.address.state)).size).toBeGreaterThan(5);
    const first = new Map<string, number>();
    for (const g of history.cardGifts)
      first.set(g.donorKey, Math.min(first.get(g.donorKey) ?? Infinity, g.at.getTime()));
    for (const d of history.donors) {
      expect(d.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(d.address.postal_code).toMatch(/^\d{5}$/);
      expect(d.phone).toMatch(/^\(\d{3}\) 555-01\d\d$/);
      expect(d.createdAt.getTime()).toBeLessThan(first.get(d.key)!);
    }
  });

  it('keeps every time inside the span, sorted', () => {
    const start = new Date('2024-05-01T00:00:00Z').getTime();
    for (const g of [...history.cardGifts, ...history.manualGifts]) {
      expect(g.at.getTime()).toBeGreaterThanOrEqual(start - 86_400_000);
      expect(g.at.getTime()).toBeLessThan(endDate.getTime());
    }
    const times = history.cardGifts.map((g) => g.at.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it('skews amounts to $25-$100 with a long tail at $250 and above', () => {
    const dollars = succeeded.filter((g) => g.frequency === 'one-time').map((g) => g.amountCents / 100);
    const inBand = dollars.filter((d) => d >= 25 && d <= 100).length / dollars.length;
    const large = dollars.filter((d) => d >= 250).length / dollars.length;
    expect(inBand).toBeGreaterThan(0.6);
    expect(large).toBeGreaterThan(0.01);
    expect(large).toBeLessThan(0.1);
    expect(Math.max(...dollars)).toBeGreaterThanOrEqual(1000);
    for (const g of history.cardGifts) expect(Number.isInteger(g.amountCents) && g.amountCents > 0).toBe(true);
  });

  it('has about a fifth of donors recurring, each renewing once per period', () => {
    const share = history.subscriptions.length / history.donors.length;
    expect(share).toBeGreaterThan(0.16);
    expect(share).toBeLessThan(0.24);
    expect(new Set(history.subscriptions.map((s) => s.frequency))).toEqual(new Set(['monthly', 'quarterly', 'annual']));
    const bySub = new Map<string, Date[]>();
    for (const g of history.cardGifts)
      if (g.subscriptionKey) bySub.set(g.subscriptionKey, [...(bySub.get(g.subscriptionKey) ?? []), g.at]);
    const months = { monthly: 1, quarterly: 3, annual: 12 };
    for (const s of history.subscriptions) {
      const dates = bySub.get(s.key)!;
      expect(dates).toHaveLength(s.charges);
      expect(dates[0].getTime()).toBe(s.startAt.getTime());
      for (let i = 1; i < dates.length; i++) {
        const gap =
          (dates[i].getUTCFullYear() - dates[i - 1].getUTCFullYear()) * 12 +
          dates[i].getUTCMonth() -
          dates[i - 1].getUTCMonth();
        expect(gap).toBe(months[s.frequency]);
      }
    }
  });

  it('peaks in December and on Giving Tuesday', () => {
    const perMonth = new Map<string, number>();
    const perDay = new Map<string, number>();
    for (const g of succeeded.filter((x) => x.frequency === 'one-time')) {
      const day = chicagoDay(g.at);
      perMonth.set(day.slice(0, 7), (perMonth.get(day.slice(0, 7)) ?? 0) + g.amountCents);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const average = [...perMonth.values()].reduce((a, b) => a + b, 0) / perMonth.size;
    expect(perMonth.get('2025-12')!).toBeGreaterThan(1.5 * average);
    expect(perMonth.get('2024-12')!).toBeGreaterThan(1.5 * average);
    const gt = givingTuesday(2025).toISOString().slice(0, 10);
    expect(gt).toBe('2025-12-02');
    const dayAverage = [...perDay.values()].reduce((a, b) => a + b, 0) / perDay.size;
    expect(perDay.get(gt)!).toBeGreaterThan(3 * dayAverage);
  });

  it('includes declines, full and partial refunds, a dispute and offline gifts of every kind', () => {
    const declined = history.cardGifts.filter((g) => g.outcome === 'declined');
    expect(declined.length).toBeGreaterThan(0);
    for (const g of declined) expect(g.refundCents ?? g.disputed).toBeUndefined();
    const refunded = succeeded.filter((g) => g.refundCents);
    expect(refunded.some((g) => g.refundCents === g.amountCents)).toBe(true);
    expect(refunded.some((g) => g.refundCents! < g.amountCents && g.refundCents! > 0)).toBe(true);
    expect(succeeded.filter((g) => g.disputed).length).toBeGreaterThanOrEqual(1);
    expect(new Set(history.manualGifts.map((m) => m.type))).toEqual(
      new Set(['cash', 'check', 'stock', 'item', 'crypto', 'other']),
    );
    expect(history.manualGifts.some((m) => !m.donorKey)).toBe(true);
    const donorKeys = new Set(history.donors.map((d) => d.key));
    for (const m of history.manualGifts) if (m.donorKey) expect(donorKeys.has(m.donorKey)).toBe(true);
  });

  it('guarantees a dispute and both kinds of refund even in a tiny history', () => {
    const tiny = generateHistory({ ...options, donors: 5, months: 3 });
    const ok = tiny.cardGifts.filter((g) => g.outcome === 'succeeded');
    expect(ok.some((g) => g.disputed)).toBe(true);
    expect(ok.some((g) => g.refundCents === g.amountCents)).toBe(true);
    expect(ok.some((g) => g.refundCents && g.refundCents < g.amountCents)).toBe(true);
    expect(tiny.subscriptions.length).toBeGreaterThanOrEqual(1);
  });

  it('sizes one-time giving to reach a target number of card charges', () => {
    const rate = oneTimeRateFor({ donors: 5000, months: 24, targetCardGifts: 50_000 });
    const sized = generateHistory({ ...options, donors: 5000, oneTimeGiftsPerDonor: rate });
    expect(sized.cardGifts.length).toBeGreaterThan(45_000);
    expect(sized.cardGifts.length).toBeLessThan(55_000);
  });
});
