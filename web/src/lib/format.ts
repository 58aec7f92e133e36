import type { CardDto } from './api-types';
import { formatInSchoolZone } from './school-dates';

/**
 * The one conversion point for donor statistics (donationStats.totalDonated / averageDonation and the list
 * summary's totalLifetimeValue). The dashboard API returns these in dollars (see the DTOs' descriptions), like
 * the analytics overview; if that ever changes to cents, change only this function.
 */
export function donorStatDollars(value: number | null | undefined): number {
  return Number(value ?? 0);
}

/** SPEC section 9's date formats. */
export const DATE_FORMAT = 'MMM dd, yyyy';
export const DATE_TIME_FORMAT = 'MMM dd, yyyy HH:mm';

export function fromUnix(seconds: number): Date {
  return new Date(Number(seconds) * 1000);
}

/** Unix seconds in the school's time zone (never the browser's); 'N/A' for none. */
export function formatUnixDate(seconds: number | null | undefined, pattern = DATE_FORMAT): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(Number(seconds))) return 'N/A';
  return formatInSchoolZone(fromUnix(seconds), pattern);
}

export function brandLabel(brand: string | null | undefined): string {
  if (!brand) return 'Card';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "Visa •••• 4242" */
export function cardLabel(card: Pick<CardDto, 'brand' | 'last4'>): string {
  return `${brandLabel(card.brand)} •••• ${card.last4 ?? ''}`.trim();
}

export function joinParts(parts: (string | null | undefined)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

/** An ISO time as 'MMM dd, yyyy HH:mm' in the school's time zone; 'Never' for none. */
export function formatDateTime(iso: string | null | undefined, pattern = DATE_TIME_FORMAT): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : formatInSchoolZone(d, pattern);
}

/**
 * A calendar day the server sends as 'yyyy-MM-dd' (a payout's arrival day), as 'MMM dd, yyyy': it names a date,
 * not an instant, so no time zone (the browser's or the school's) may move it.
 */
export function formatCalendarDay(day: string | null | undefined, pattern = DATE_FORMAT): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'N/A';
  return formatInSchoolZone(`${day}T12:00:00Z`, pattern, 'UTC');
}

/** A user agent as people say it: "Firefox on Windows", else the first words of the string. */
export function browserName(ua: string | null | undefined): string {
  if (!ua) return 'Unknown';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser) return os ? `${browser} on ${os}` : browser;
  return ua.slice(0, 40);
}
