import {
  addDays,
  addMonths,
  dayOf,
  isCalendarDay,
  isClockTime,
  localNoon,
  monthLabel,
  payoutArrivalDay,
  wallClockDayAndTime,
  wallClockInstant,
} from './calendar.js';
import { chargeDisplayStatus, giftMethodLabel, giftTypeLabel } from './gift-labels.js';
import { centsToDollars, formatCents, formatUsd } from './money.js';

describe('calendar days in the school time zone', () => {
  it('places an instant on its local day', () => {
    // 03:00 UTC on Jan 1 is still Dec 31 in Chicago (UTC-6): a New Year's Eve gift belongs to the old tax year.
    expect(dayOf(new Date('2026-01-01T03:00:00Z'), 'America/Chicago')).toBe('2025-12-31');
    expect(dayOf(new Date('2026-01-01T06:00:00Z'), 'America/Chicago')).toBe('2026-01-01');
  });

  it("reads a payout's arrival as the calendar date Stripe means, whatever the school's zone", () => {
    // Stripe's arrival_date 2026-10-01T00:00:00Z is October 1; in Chicago that instant is September 30, 7 pm.
    expect(payoutArrivalDay(Date.parse('2026-10-01T00:00:00Z') / 1000)).toBe('2026-10-01');
    expect(payoutArrivalDay(new Date('2026-10-01T00:00:00Z'))).toBe('2026-10-01');
    expect(dayOf(new Date('2026-10-01T00:00:00Z'), 'America/Chicago')).toBe('2026-09-30');
  });

  it('adds days and months across month ends and DST', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -11)).toBe('2025-02-15');
  });

  it('accepts only real dates', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
    expect(monthLabel('2026-01')).toBe('Jan 2026');
  });

  it('finds local noon in winter and summer time', () => {
    expect(localNoon('2026-01-15', 'America/Chicago').toISOString()).toBe('2026-01-15T18:00:00.000Z');
    expect(localNoon('2026-07-04', 'America/Chicago').toISOString()).toBe('2026-07-04T17:00:00.000Z');
    expect(localNoon('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T17:00:00.000Z');
    expect(localNoon('2026-06-01', 'Asia/Tokyo').toISOString()).toBe('2026-06-01T03:00:00.000Z');
  });
});

describe('money edges', () => {
  it('converts cents without float drift', () => {
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatCents(125000)).toBe('1250.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
  });
});

describe('gift labels', () => {
  it('names types, methods and statuses', () => {
    expect(giftTypeLabel('manual', 'stock')).toBe('Stock/Securities');
    expect(giftTypeLabel('card', 'annual')).toBe('Annual');
    expect(giftMethodLabel('card', 'monthly', 'visa', '4242')).toBe('Visa 4242');
    expect(giftMethodLabel('manual', 'item', null, null)).toBe('In-Kind Item');
    expect(giftMethodLabel('card', 'one-time', null, '6789')).toBe('Bank account 6789');
    const base = { status: 'succeeded', amount: 1000, amount_refunded: 0, disputed: false, dispute_status: null };
    expect(chargeDisplayStatus(base)).toBe('succeeded');
    expect(chargeDisplayStatus({ ...base, amount_refunded: 1000 })).toBe('refunded');
    expect(chargeDisplayStatus({ ...base, amount_refunded: 10 })).toBe('partially_refunded');
    expect(chargeDisplayStatus({ ...base, disputed: true, dispute_status: 'needs_response' })).toBe('disputed');
    expect(chargeDisplayStatus({ ...base, disputed: true, dispute_status: 'won' })).toBe('succeeded');
    expect(chargeDisplayStatus({ ...base, status: 'failed' })).toBe('failed');
  });
});

describe('wall-clock times in the school time zone (events)', () => {
  it('turns a day and a time in the zone into the instant, on both sides of daylight saving', () => {
    expect(wallClockInstant('2026-12-05', '18:00', 'America/Chicago').toISOString()).toBe('2026-12-06T00:00:00.000Z');
    expect(wallClockInstant('2026-07-04', '09:30', 'America/Chicago').toISOString()).toBe('2026-07-04T14:30:00.000Z');
    expect(wallClockInstant('2026-07-04', '09:30', 'Europe/Paris').toISOString()).toBe('2026-07-04T07:30:00.000Z');
  });

  it('reads an instant back as the wall clock shows it, whatever zone the process runs in', () => {
    const at = wallClockInstant('2026-11-01', '01:30', 'America/Chicago');
    expect(wallClockDayAndTime(at, 'America/Chicago')).toEqual({ day: '2026-11-01', time: '01:30' });
    expect(wallClockDayAndTime(new Date('2026-12-06T00:00:00Z'), 'America/Chicago')).toEqual({
      day: '2026-12-05',
      time: '18:00',
    });
  });

  it('knows a clock time', () => {
    expect(['00:00', '09:05', '23:59'].every(isClockTime)).toBe(true);
    expect(['24:00', '9:05', '12:60', '12:00:00', ''].some(isClockTime)).toBe(false);
  });
});
