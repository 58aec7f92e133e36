import { calendarDate } from '../../../lib/school-dates';

/** '18:00' -> '6:00 PM'. */
function clock(time: string): string {
  const [h, m] = time.split(':').map(Number);
  return `${h % 12 || 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long' });

/** 'Saturday, December 5, 2026' for a calendar day the server placed in the school's time zone. */
export function longDay(day: string): string {
  return `${weekday.format(new Date(`${day}T12:00:00Z`))}, ${calendarDate(day)}`;
}

/** The zone's short name at an instant ('CST', 'CDT'), so a visitor elsewhere knows whose clock it is. */
function zoneName(at: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date(at));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

export interface EventTimes {
  startsAt: string;
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
}

/**
 * When an event is, on the school's wall clock (the days and times the server gives in TIME_ZONE, never the
 * browser's zone): 'Saturday, December 5, 2026, 6:00 PM to 8:00 PM CST'.
 */
export function eventWhen(e: EventTimes, timeZone: string): string {
  const zone = zoneName(e.startsAt, timeZone);
  if (e.startDay === e.endDay) return `${longDay(e.startDay)}, ${clock(e.startTime)} to ${clock(e.endTime)} ${zone}`;
  return `${longDay(e.startDay)}, ${clock(e.startTime)} to ${longDay(e.endDay)}, ${clock(e.endTime)} ${zone}`;
}
