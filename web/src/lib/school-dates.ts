/**
 * Dates as the school's records keep them: in the school's time zone (the API's TIME_ZONE, sent with the data),
 * never the browser's, so a donor in another zone late in the evening reads the same day as the e-mails and
 * statements say. One helper for every date the donor's page shows.
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

/** 'December 22, 2026': the day an instant (ISO time) falls on in the school's time zone. */
export function schoolDate(iso: string, timeZone: string): string {
  return formatter(timeZone).format(new Date(iso));
}

/** 'December 22, 2026' for a calendar day the server already placed in the school's time zone ('2026-12-22'). */
export function calendarDate(day: string): string {
  return formatter('UTC').format(new Date(`${day}T12:00:00Z`));
}
