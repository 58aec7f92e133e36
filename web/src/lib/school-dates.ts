import { wallClock } from '../../../core/src/gifts/calendar';
import { appConfig } from './config';

/**
 * Dates as the school's records keep them: in the school's time zone (the API's TIME_ZONE, sent with the data or
 * rendered into the page as <meta name="app:time-zone">), never the browser's, so a donor or an admin in another
 * zone late in the evening reads the same day as the e-mails and statements say. The one helper for every date
 * the web app shows.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'long', day: 'numeric' });
    formats.set(timeZone, f);
  }
  return f;
}

/** The school's time zone as the server gave it to the page. */
export function schoolTimeZone(): string {
  return appConfig.timeZone;
}

/** 'December 22, 2026': the day an instant (ISO time or Date) falls on in the school's time zone. */
export function schoolDate(at: string | Date, timeZone = schoolTimeZone()): string {
  return formatter(timeZone).format(new Date(at));
}

/** 'December 22, 2026' for a calendar day the server already placed in the school's time zone ('2026-12-22'). */
export function calendarDate(day: string): string {
  return formatter('UTC').format(new Date(`${day}T12:00:00Z`));
}

/** The wall-clock parts of an instant in a zone: yyyy, MM, MMM, dd, HH, mm, ss. */
function zonedParts(at: Date, timeZone: string): Record<string, string> {
  const p = wallClock(at, timeZone);
  const month = Number(p.month);
  return {
    yyyy: p.year,
    MM: p.month,
    dd: p.day,
    HH: p.hour,
    mm: p.minute,
    ss: p.second,
    MMM: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1],
  };
}

/**
 * An instant in the school's time zone with a pattern of SPEC section 9's tokens (yyyy MMM MM dd HH mm ss):
 * 'MMM dd, yyyy' gives 'Dec 26, 2026', 'yyyy-MM-dd' the school's calendar day.
 */
export function formatInSchoolZone(at: string | number | Date, pattern: string, timeZone = schoolTimeZone()): string {
  const parts = zonedParts(new Date(at), timeZone);
  return pattern.replace(/yyyy|MMM|MM|dd|HH|mm|ss/g, (token) => parts[token]);
}

/** The calendar year it is in the school's time zone (the default tax year). */
export function schoolYear(now = new Date(), timeZone = schoolTimeZone()): number {
  return Number(formatInSchoolZone(now, 'yyyy', timeZone));
}

/** Today's date in the school's time zone, 'yyyy-MM-dd'. */
export function schoolToday(now = new Date(), timeZone = schoolTimeZone()): string {
  return formatInSchoolZone(now, 'yyyy-MM-dd', timeZone);
}
