import type { Queryable } from '../db/queryable.js';
import { defineSetting, settings } from '../settings/settings.repository.js';
import { fiscalShiftMonthsSql, isStartMonth } from './fiscal-year.js';

/** The fiscal year's first month (1 = January: fiscal years are calendar years). Owners set it on the Settings page. */
export const FISCAL_YEAR_START = defineSetting('reports.fiscal_year_start_month', 1, isStartMonth);

export async function fiscalYearStartMonth(db: Queryable): Promise<number> {
  return (await settings.read(db, FISCAL_YEAR_START)).value;
}

/**
 * The fiscal year of an instant `at` in zone `tz` (SQL expressions), with the start month in force read from the
 * settings table in the same statement: the local date shifted by fiscalShiftMonths lands in the calendar year
 * that names its fiscal year. See rebuildDonorFiscalYears (read-model/aggregates.ts) for why reading the setting
 * here is safe while an owner changes it.
 */
export function fiscalYearSql(at: string, tz: string): string {
  const start = `COALESCE((SELECT (value #>> '{}')::int FROM settings WHERE key = '${FISCAL_YEAR_START.key}'), ${FISCAL_YEAR_START.defaultValue})`;
  return `extract(year FROM (${at} AT TIME ZONE ${tz}) + make_interval(months => ${fiscalShiftMonthsSql(start)}))::smallint`;
}
