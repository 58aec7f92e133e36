import { todayIn } from '../gifts/calendar.js';

/** The years the tax exports and statements accept: 2000 to next year (the spec's year picker offers next year). */
export function parseTaxYear(
  raw: string,
  timeZone: string,
  now: Date = new Date(),
): { ok: true; year: number } | { ok: false; message: string } {
  const max = Number(todayIn(timeZone, now).slice(0, 4)) + 1;
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  if (!(year >= 2000 && year <= max)) return { ok: false, message: `Year must be a whole number from 2000 to ${max}` };
  return { ok: true, year };
}
