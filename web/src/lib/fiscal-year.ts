import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fiscalYearCaption,
  yearOptions,
  yearRange,
  type YearBasis,
  type YearOption,
} from '../../../core/src/fiscal-year/fiscal-year';
import { periodOptions, type Period, type PeriodOption } from '../../../core/src/fiscal-year/periods';
import { apiGet } from './api-client';
import type { FiscalYearDto } from './api-types';
import { queryKeys } from './query-keys';

/**
 * The period pickers' years: the fiscal year's first month (an owner's setting) and the school's today, from
 * GET /api/stripe/fiscal-year; the arithmetic is core/src/fiscal-year's, the same the server counts with.
 */
export function useFiscalYear() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.fiscalYear,
      queryFn: () => apiGet<FiscalYearDto>('/api/stripe/fiscal-year'),
      staleTime: 60_000,
    }),
  );
}

/** A year choice as a select value: 'fiscal:2026' or 'calendar:2026'. */
export const yearValue = (o: { basis: YearBasis; year: number }) => `${o.basis}:${o.year}`;

export function parseYearValue(value: string): { basis: YearBasis; year: number } | null {
  const m = /^(calendar|fiscal):(\d{4})$/.exec(value);
  return m ? { basis: m[1] as YearBasis, year: Number(m[2]) } : null;
}

/** The years to offer (fiscal years first when they are not calendar years), as select options. */
export function yearSelectOptions(fy: FiscalYearDto | undefined, back = 5): Array<{ value: string; label: string }> {
  const today = fy?.today ?? new Date().toISOString().slice(0, 10);
  return yearOptions(today, fy?.startMonth ?? 1, back).map((o: YearOption) => ({
    value: yearValue(o),
    label: o.label,
  }));
}

/** A year choice as the inclusive days it covers. */
export function yearDays(
  choice: { basis: YearBasis; year: number },
  fy: FiscalYearDto | undefined,
): { startDate: string; endDate: string } {
  const { fromDay, toDay } = yearRange(choice.year, choice.basis, fy?.startMonth ?? 1);
  return { startDate: fromDay, endDate: toDay };
}

/** How fiscal years are named, for the caption under a picker; null while they are calendar years. */
export function fiscalCaption(fy: FiscalYearDto | undefined): string | null {
  return fy ? fiscalYearCaption(fy.startMonth, fy.today) : null;
}

/** Months, quarters and years for a period picker (core/src/fiscal-year/periods.ts), grouped. */
export function periodSelectGroups(
  fy: FiscalYearDto | undefined,
): Array<{ label: PeriodOption['group']; options: PeriodOption[] }> {
  const today = fy?.today ?? new Date().toISOString().slice(0, 10);
  const options = periodOptions(today, fy?.startMonth ?? 1);
  return (['Months', 'Quarters', 'Years'] as const).map((label) => ({
    label,
    options: options.filter((o) => o.group === label),
  }));
}

/** A period as the API's query: 'month=2026-10', 'year=2027&basis=fiscal&quarter=1'; '' for all time. */
export function periodQuery(p: Period | null): string {
  if (!p) return '';
  if (p.kind === 'month') return `month=${p.month}`;
  return `year=${p.year}&basis=${p.basis}${p.kind === 'quarter' ? `&quarter=${p.quarter}` : ''}`;
}
