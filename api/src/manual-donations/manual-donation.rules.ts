import { dayOf, isCalendarDay, localNoon, todayIn } from '../../../core/src/gifts/calendar.js';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;
const UTC_MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00(:00(\.0+)?)?Z$/;

export type DonationDateResult = { ok: true; at: Date; day: string } | { ok: false; message: string };

/**
 * When a manual gift happened. The admin picks a calendar date, which browsers often send as UTC midnight
 * (`new Date('2026-01-01').toISOString()`); taken literally that is the evening before in Chicago and would move
 * a January 1 gift into the previous tax year. So a bare date, or a timestamp at exactly 00:00 UTC, means that
 * calendar date and is stored at local noon in TIME_ZONE; any other timestamp is kept as the instant it names.
 * Today (in TIME_ZONE) is allowed, a later day is not.
 */
export function resolveDonationDate(input: unknown, timeZone: string, now: Date = new Date()): DonationDateResult {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
    return { ok: false, message: 'Donation date is required' };
  }
  const text = typeof input === 'string' ? input.trim() : '';
  let at: Date | null = null;
  const midnight = UTC_MIDNIGHT.exec(text);
  const day = DATE_ONLY.test(text) ? text : midnight?.[1];
  if (day) {
    if (isCalendarDay(day)) at = localNoon(day, timeZone);
  } else if (ISO_TIMESTAMP.test(text) && isCalendarDay(text.slice(0, 10))) {
    const t = new Date(text);
    if (!Number.isNaN(t.getTime())) at = t;
  }
  if (!at) return { ok: false, message: 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)' };
  const localDay = dayOf(at, timeZone);
  if (localDay > todayIn(timeZone, now)) return { ok: false, message: 'Donation date cannot be in the future' };
  if (localDay < '2000-01-01') return { ok: false, message: 'Donation date must be in 2000 or later' };
  return { ok: true, at, day: localDay };
}
