import type { Queryable } from '../db/queryable.js';
import { defineSetting, settings } from '../settings/settings.repository.js';
import { isStartMonth } from './fiscal-year.js';

/** The fiscal year's first month (1 = January: fiscal years are calendar years). Owners set it on the Settings page. */
export const FISCAL_YEAR_START = defineSetting('reports.fiscal_year_start_month', 1, isStartMonth);

export async function fiscalYearStartMonth(db: Queryable): Promise<number> {
  return (await settings.read(db, FISCAL_YEAR_START)).value;
}
