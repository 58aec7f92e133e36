import { formatDateTime, formatUnixDate } from '../../web/src/lib/format.js';
import {
  formatInSchoolZone,
  schoolDate,
  schoolTimeZone,
  schoolToday,
  schoolYear,
} from '../../web/src/lib/school-dates.js';

/**
 * The web app's dates are the school's, whatever zone the browser is in: this process runs with TZ set to
 * Auckland (set below, before any date is made), a day ahead of Chicago, so a helper that used the process's
 * zone would answer the next day.
 */
process.env.TZ = 'Pacific/Auckland';
// 2026-12-27 03:30 UTC: December 26, 21:30 in Chicago, December 27, 16:30 in Auckland.
const AT = '2026-12-27T03:30:00Z';

describe("the web app's dates are the school's day", () => {
  it('reads the zone the server gives (the API default without a page)', () => {
    expect(schoolTimeZone()).toBe('America/Chicago');
    expect(new Date(AT).getDate()).toBe(27);
  });

  it('formats SPEC section 9 patterns in the school zone, not the browser zone', () => {
    expect(formatInSchoolZone(AT, 'MMM dd, yyyy')).toBe('Dec 26, 2026');
    expect(formatInSchoolZone(AT, 'MMM dd, yyyy HH:mm')).toBe('Dec 26, 2026 21:30');
    expect(formatInSchoolZone(AT, 'yyyy-MM-dd HH:mm:ss')).toBe('2026-12-26 21:30:00');
    expect(formatInSchoolZone(AT, 'MMM dd, yyyy', 'Pacific/Auckland')).toBe('Dec 27, 2026');
    // Midnight in the school's zone is 00, not 24.
    expect(formatInSchoolZone('2026-07-04T05:00:00Z', 'HH:mm')).toBe('00:00');
  });

  it('is what every screen uses: the admin tables, the thank-you, the date pickers', () => {
    expect(formatUnixDate(Date.parse(AT) / 1000)).toBe('Dec 26, 2026');
    expect(formatDateTime(AT)).toBe('Dec 26, 2026 21:30');
    expect(formatUnixDate(null)).toBe('N/A');
    expect(schoolDate(AT)).toBe('December 26, 2026');
    expect(schoolToday(new Date(AT))).toBe('2026-12-26');
    // New Year's Eve evening at the school is already next year in Auckland: the tax year is still the school's.
    expect(schoolYear(new Date('2027-01-01T03:30:00Z'))).toBe(2026);
  });
});
