import { addDays, addMonths, isCalendarDay } from '../../../core/src/gifts/calendar.js';
import { badRequest } from '../../../core/src/http/errors.js';
import type { TransactionsQueryDto } from './dto/transactions-query.dto.js';

export interface DayRange {
  fromDay: string | null;
  toDay: string | null;
}

/**
 * The donor-transactions filter as an inclusive range of local days. Presets end today and count whole days
 * back (last-7-days is today and the six days before it); a custom range is start_date..end_date inclusive.
 */
export function resolveRange(q: TransactionsQueryDto, today: string): DayRange {
  const hasStart = q.start_date !== undefined;
  const hasEnd = q.end_date !== undefined;
  if (hasStart !== hasEnd) throw badRequest('start_date and end_date must be given together');
  if (hasStart) {
    if (q.timeframe && q.timeframe !== 'custom' && q.timeframe !== 'all') {
      throw badRequest('Give either timeframe or start_date and end_date, not both');
    }
    if (!isCalendarDay(q.start_date!)) throw badRequest(`start_date is not a real date: ${q.start_date}`);
    if (!isCalendarDay(q.end_date!)) throw badRequest(`end_date is not a real date: ${q.end_date}`);
    if (q.start_date! > q.end_date!) throw badRequest('start_date must be on or before end_date');
    return { fromDay: q.start_date!, toDay: q.end_date! };
  }
  switch (q.timeframe ?? 'all') {
    case 'all':
      return { fromDay: null, toDay: null };
    case 'last-7-days':
      return { fromDay: addDays(today, -6), toDay: null };
    case 'last-30-days':
      return { fromDay: addDays(today, -29), toDay: null };
    case 'last-3-months':
      return { fromDay: addMonths(today, -3), toDay: null };
    case 'last-year':
      return { fromDay: addMonths(today, -12), toDay: null };
    case 'custom':
      throw badRequest('timeframe=custom needs start_date and end_date');
  }
}
