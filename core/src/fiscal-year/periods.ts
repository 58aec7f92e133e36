/**
 * A report's period: a calendar or fiscal year, one of its quarters, or one month. Pure arithmetic on local
 * months ('yyyy-MM') and days ('yyyy-MM-dd' in TIME_ZONE), over core/src/fiscal-year; the API counts with it and
 * the web app's period pickers offer its options, so a period means the same months everywhere.
 */
import { monthName, monthsOfYear, yearLabel, yearOf, type YearBasis } from './fiscal-year.js';

export type Period =
  | { kind: 'year'; basis: YearBasis; year: number }
  | { kind: 'quarter'; basis: YearBasis; year: number; quarter: number }
  | { kind: 'month'; month: string };

const pad = (n: number) => String(n).padStart(2, '0');

/** The months of a period, oldest first. */
export function periodMonths(p: Period, startMonth: number): string[] {
  if (p.kind === 'month') return [p.month];
  const months = monthsOfYear(p.year, p.basis, startMonth);
  return p.kind === 'year' ? months : months.slice((p.quarter - 1) * 3, p.quarter * 3);
}

/** The last day of a month 'yyyy-MM'. */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${pad(new Date(Date.UTC(y, m, 0)).getUTCDate())}`;
}

/** A period as an inclusive range of local days. */
export function periodDays(p: Period, startMonth: number): { fromDay: string; toDay: string } {
  const months = periodMonths(p, startMonth);
  return { fromDay: `${months[0]}-01`, toDay: lastDayOf(months[months.length - 1]) };
}

/** 'Calendar 2026', 'FY 2026', 'Q3 2026', 'FY 2027 Q1', 'October 2026'. */
export function periodLabel(p: Period, startMonth: number): string {
  if (p.kind === 'month') return `${monthName(Number(p.month.slice(5, 7)))} ${p.month.slice(0, 4)}`;
  const fiscal = p.basis === 'fiscal' && startMonth !== 1;
  const year = fiscal
    ? yearLabel(p.year, 'fiscal', startMonth)
    : p.kind === 'year'
      ? `Calendar ${p.year}`
      : String(p.year);
  return p.kind === 'year' ? year : fiscal ? `${year} Q${p.quarter}` : `Q${p.quarter} ${year}`;
}

/** A period as a select value: 'calendar:2026', 'fiscal:2027:q1', 'month:2026-10'. */
export function periodValue(p: Period): string {
  if (p.kind === 'month') return `month:${p.month}`;
  return p.kind === 'year' ? `${p.basis}:${p.year}` : `${p.basis}:${p.year}:q${p.quarter}`;
}

/** A select value back to its period; null for anything else ('all'). */
export function parsePeriodValue(value: string): Period | null {
  const month = /^month:(\d{4}-(0[1-9]|1[0-2]))$/.exec(value);
  if (month) return { kind: 'month', month: month[1] };
  const m = /^(calendar|fiscal):(\d{4})(?::q([1-4]))?$/.exec(value);
  if (!m) return null;
  const [basis, year] = [m[1] as YearBasis, Number(m[2])];
  return m[3] ? { kind: 'quarter', basis, year, quarter: Number(m[3]) } : { kind: 'year', basis, year };
}

export interface PeriodOption {
  value: string;
  label: string;
  group: 'Months' | 'Quarters' | 'Years';
}

/** The month 'yyyy-MM' n months after (or before) another. */
export function shiftMonth(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number);
  const m0 = y * 12 + (m - 1) + n;
  return `${Math.floor(m0 / 12)}-${pad((m0 % 12) + 1)}`;
}

/**
 * What a period picker offers: the last `months` months (this one first), the last `quarters` quarters of the
 * calendar and, when the fiscal year does not start in January, of the fiscal year, and the years (fiscal
 * first, then calendar) back `years`.
 */
export function periodOptions(
  today: string,
  startMonth: number,
  n = { months: 13, quarters: 5, years: 5 },
): PeriodOption[] {
  const options: PeriodOption[] = [];
  const thisMonth = today.slice(0, 7);
  for (let i = 0; i < n.months; i++) {
    const p: Period = { kind: 'month', month: shiftMonth(thisMonth, -i) };
    options.push({ value: periodValue(p), label: periodLabel(p, startMonth), group: 'Months' });
  }
  const bases: YearBasis[] = startMonth === 1 ? ['calendar'] : ['fiscal', 'calendar'];
  for (const basis of bases) {
    for (let i = 0; i < n.quarters; i++) {
      const month = shiftMonth(thisMonth, -3 * i);
      const year = yearOf(month, basis, startMonth);
      const index = monthsOfYear(year, basis, startMonth).indexOf(month);
      const p: Period = { kind: 'quarter', basis, year, quarter: Math.floor(index / 3) + 1 };
      options.push({ value: periodValue(p), label: periodLabel(p, startMonth), group: 'Quarters' });
    }
  }
  for (const basis of bases) {
    const current = yearOf(today, basis, startMonth);
    for (let y = current; y >= current - n.years; y--) {
      const p: Period = { kind: 'year', basis, year: y };
      options.push({ value: periodValue(p), label: periodLabel(p, startMonth), group: 'Years' });
    }
  }
  return options;
}
