/**
 * Calendar days in the school's time zone (TIME_ZONE), as 'yyyy-MM-dd' strings. Day arithmetic is done on
 * the calendar date itself (UTC noon of that date), so daylight-saving shifts cannot move a day.
 * Turning a day into an instant happens in SQL (`day::timestamp AT TIME ZONE tz`).
 */
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Intl.DateTimeFormat instances are costly to build (about 0.1 ms each, a large share of checking a CSV import's
 * 10,000 rows) and immutable, so one per time zone and shape is kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  locale: 'en-CA' | 'en-US',
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${options.hour ? 'time' : 'day'}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}

export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayOf(now, timeZone);
}

/** The calendar day an instant falls on in the time zone. */
export function dayOf(instant: Date, timeZone: string): string {
  const parts = formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    instant,
  );
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** True for a real calendar date 'yyyy-MM-dd' (rejects 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function toUtcNoon(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d, 12));
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  const d = toUtcNoon(day);
  d.setUTCDate(d.getUTCDate() + n);
  return fromUtc(d);
}

/** Adds months, clamping to the month's last day (Mar 31 - 1 month = Feb 28/29). */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + n, 1, 12));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0, 12)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return fromUtc(first);
}

/** 'yyyy-MM' of a day. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'yyyy-MM' -> 'Jan 2026'. */
export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** The wall-clock parts of an instant in a zone, 24-hour, zero-padded: '2026', '12', '05', '09', '30', '00'. */
export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** What a clock on the wall in `timeZone` reads at `at` (the one home of this rule for server, exports and browser). */
export function wallClock(at: Date, timeZone: string): WallClock {
  const parts = formatter('en-US', timeZone, {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)!.value;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant of 12:00 local time on a day: where a gift known only by its date is placed (never near midnight, never in a DST gap). */
export function localNoon(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d, 12);
  const w = wallClock(new Date(guess), timeZone);
  const asLocal = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
  return new Date(guess - (asLocal - guess));
}

/**
 * The instant a calendar day begins in the zone (00:00 local; where midnight falls in a DST gap, the first instant
 * of the day). Appeals start at the start of their first day and end at the start of the day after their last.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  let at = guess;
  // Two passes: the zone's offset at the first estimate may differ from the one at the answer (a DST change).
  for (let i = 0; i < 2; i++) {
    const w = wallClock(new Date(at), timeZone);
    const asLocal = Date.UTC(+w.year, +w.month - 1, +w.day, +w.hour, +w.minute, +w.second);
    at += guess - asLocal;
  }
  return new Date(at);
}

/**
 * A payout's arrival day. Stripe's payout `arrival_date` is midnight UTC standing for a calendar date (the day
 * the bank shows the deposit), not an instant: its day is the UTC date in every time zone. Read through
 * TIME_ZONE, 2026-10-01T00:00:00Z would be September 30 in America/Chicago. `arrival` is a Date or epoch seconds.
 */
export function payoutArrivalDay(arrival: Date | number): string {
  return fromUtc(typeof arrival === 'number' ? new Date(arrival * 1000) : arrival);
}

/**
 * SQL: the payout's arrival (timestamptz column `col`) is on one of the days from..to (both included; SQL
 * expressions of 'yyyy-MM-dd' days): payoutArrivalDay's rule, as a range on the column so its index serves it.
 */
export function payoutArrivesSql(col: string, from: string, to: string): string {
  return `${col} >= (${from}::date)::timestamp AT TIME ZONE 'UTC' AND ${col} < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`;
}
