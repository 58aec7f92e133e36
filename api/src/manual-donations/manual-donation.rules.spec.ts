import { resolveDonationDate } from './manual-donation.rules.js';

describe('resolveDonationDate', () => {
  const tz = 'America/Chicago';
  // 2026-03-10 04:00 UTC is still March 9 in Chicago.
  const now = new Date('2026-03-10T04:00:00Z');

  it('places a bare date and a UTC-midnight timestamp at local noon of that date', () => {
    expect(resolveDonationDate('2026-01-01', tz, now)).toEqual({
      ok: true,
      at: new Date('2026-01-01T18:00:00Z'),
      day: '2026-01-01',
    });
    expect(resolveDonationDate('2026-01-01T00:00:00.000Z', tz, now)).toEqual({
      ok: true,
      at: new Date('2026-01-01T18:00:00Z'),
      day: '2026-01-01',
    });
  });

  it('keeps other timestamps as instants', () => {
    expect(resolveDonationDate('2026-01-01T03:00:00Z', tz, now)).toEqual({
      ok: true,
      at: new Date('2026-01-01T03:00:00Z'),
      day: '2025-12-31',
    });
  });

  it('allows today in the school time zone but not tomorrow', () => {
    expect(resolveDonationDate('2026-03-09', tz, now)).toMatchObject({ ok: true, day: '2026-03-09' });
    expect(resolveDonationDate('2026-03-10', tz, now)).toEqual({
      ok: false,
      message: 'Donation date cannot be in the future',
    });
  });

  it.each([
    [undefined, 'Donation date is required'],
    ['', 'Donation date is required'],
    ['yesterday', 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)'],
    ['2026-02-30', 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)'],
    ['1999-12-31', 'Donation date must be in 2000 or later'],
  ])('refuses %j', (input, message) => {
    expect(resolveDonationDate(input, tz, now)).toEqual({ ok: false, message });
  });
});
