/**
 * Calendar and fiscal years of the school's reports, as pure arithmetic on local days ('yyyy-MM-dd' in
 * TIME_ZONE) and months ('yyyy-MM'). The one place that knows how a fiscal year is named and where it starts;
 * the API, the worker's aggregates and the web app's period pickers all ask here.
 *
 * A fiscal year starts on the first day of `startMonth` (1 = January, the default: fiscal years are then
 * calendar years) and is named, as US non-profits do, by the calendar year in which it ends: with a July
 * start, FY 2026 runs from July 1, 2025 to June 30, 2026.
 */

export type YearBasis = 'calendar' | 'fiscal';

export const YEAR_BASES: readonly YearBasis[] = ['calendar', 'fiscal'];

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = MONTH_NAMES.map((m) => m.slice(0, 3));

/** True for a month number the fiscal-year setting accepts (1..12). */
export function isStartMonth(v: unknown): v is number {
  return Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 12;
}

export function monthName(month: number): string {
  return MONTH_NAMES[month - 1];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Months to add to a date so that its calendar year becomes its fiscal year: 0 for a January start, else the
 * months from the start month to the next January (July: 6, so July 2025 + 6 months lands in 2026).
 */
export function fiscalShiftMonths(startMonth: number): number {
  return (13 - startMonth) % 12;
}

/** fiscalShiftMonths in SQL, for a start month that is an SQL expression (read in the same statement). */
export const fiscalShiftMonthsSql = (startMonth: string): string => `(13 - ${startMonth}) % 12`;

/** The year (of the basis) a day or month ('yyyy-MM-dd' or 'yyyy-MM') belongs to. */
export function yearOf(dayOrMonth: string, basis: YearBasis, startMonth: number): number {
  const year = Number(dayOrMonth.slice(0, 4));
  const month = Number(dayOrMonth.slice(5, 7));
  if (basis === 'calendar' || startMonth === 1) return year;
  return month >= startMonth ? year + 1 : year;
}

/** The first and last month ('yyyy-MM') of a year. */
export function monthsOfYear(year: number, basis: YearBasis, startMonth: number): string[] {
  const start = basis === 'calendar' || startMonth === 1 ? { y: year, m: 1 } : { y: year - 1, m: startMonth };
  const months: string[] = [];
  for (let i = 0; i < 12; i++) {
    const m0 = start.m - 1 + i;
    months.push(`${start.y + Math.floor(m0 / 12)}-${pad((m0 % 12) + 1)}`);
  }
  return months;
}

/** A year as an inclusive range of local days. */
export function yearRange(year: number, basis: YearBasis, startMonth: number): { fromDay: string; toDay: string } {
  const months = monthsOfYear(year, basis, startMonth);
  const [ly, lm] = months[11].split('-').map(Number);
  const lastDay = new Date(Date.UTC(ly, lm, 0)).getUTCDate();
  return { fromDay: `${months[0]}-01`, toDay: `${months[11]}-${pad(lastDay)}` };
}

/** 'FY 2026' for a fiscal year (when fiscal years are not calendar years), '2026' otherwise. */
export function yearLabel(year: number, basis: YearBasis, startMonth: number): string {
  return basis === 'fiscal' && startMonth !== 1 ? `FY ${year}` : String(year);
}

/** "FY 2026 runs Jul 1, 2025 – Jun 30, 2026". */
export function yearSpanText(year: number, startMonth: number): string {
  const { fromDay, toDay } = yearRange(year, 'fiscal', startMonth);
  const show = (day: string) =>
    `${SHORT_MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
  return `${yearLabel(year, 'fiscal', startMonth)} runs ${show(fromDay)} – ${show(toDay)}`;
}

/**
 * The one-sentence caption the period pickers show: how fiscal years are named. Null when fiscal years are
 * calendar years (a January start), since there is nothing to explain.
 */
export function fiscalYearCaption(startMonth: number, today: string): string | null {
  if (startMonth === 1) return null;
  return `Fiscal years start on ${monthName(startMonth)} 1 and are named by the calendar year in which they end: ${yearSpanText(yearOf(today, 'fiscal', startMonth), startMonth)}.`;
}

export interface YearOption {
  basis: YearBasis;
  year: number;
  label: string;
}

/**
 * The years a period picker offers: the current year and the `back` before it, calendar years and, when the
 * fiscal year does not start in January, fiscal years too (newest first within each basis).
 */
export function yearOptions(today: string, startMonth: number, back = 5): YearOption[] {
  const options: YearOption[] = [];
  const bases: YearBasis[] = startMonth === 1 ? ['calendar'] : ['fiscal', 'calendar'];
  for (const basis of bases) {
    const current = yearOf(today, basis, startMonth);
    for (let y = current; y >= current - back; y--) {
      options.push({ basis, year: y, label: basis === 'fiscal' ? yearLabel(y, basis, startMonth) : `Calendar ${y}` });
    }
  }
  return options;
}
