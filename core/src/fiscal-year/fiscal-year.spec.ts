import {
  fiscalShiftMonths,
  fiscalYearCaption,
  monthsOfYear,
  yearLabel,
  yearOf,
  yearOptions,
  yearRange,
} from './fiscal-year.js';

describe('fiscal years', () => {
  it('names a fiscal year by the calendar year in which it ends', () => {
    expect(yearOf('2026-06-30', 'fiscal', 7)).toBe(2026);
    expect(yearOf('2026-07-01', 'fiscal', 7)).toBe(2027);
    expect(yearOf('2025-07-01', 'fiscal', 7)).toBe(2026);
    expect(yearOf('2026-06', 'fiscal', 7)).toBe(2026);
    expect(yearOf('2026-10-01', 'fiscal', 10)).toBe(2027);
    expect(yearOf('2026-09-30', 'fiscal', 10)).toBe(2026);
    expect(yearOf('2026-12-31', 'fiscal', 12)).toBe(2027);
    expect(yearOf('2026-11-30', 'fiscal', 12)).toBe(2026);
  });

  it('keeps calendar years whatever the start month, and fiscal years are calendar years for a January start', () => {
    expect(yearOf('2026-07-01', 'calendar', 7)).toBe(2026);
    expect(yearOf('2026-12-31', 'fiscal', 1)).toBe(2026);
    expect(yearOf('2026-01-01', 'fiscal', 1)).toBe(2026);
    expect(yearRange(2026, 'fiscal', 1)).toEqual({ fromDay: '2026-01-01', toDay: '2026-12-31' });
    expect(yearLabel(2026, 'fiscal', 1)).toBe('2026');
  });

  it('turns a year into its inclusive days and its twelve months', () => {
    expect(yearRange(2026, 'fiscal', 7)).toEqual({ fromDay: '2025-07-01', toDay: '2026-06-30' });
    expect(yearRange(2024, 'fiscal', 3)).toEqual({ fromDay: '2023-03-01', toDay: '2024-02-29' });
    expect(yearRange(2026, 'calendar', 7)).toEqual({ fromDay: '2026-01-01', toDay: '2026-12-31' });
    expect(monthsOfYear(2026, 'fiscal', 7)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(monthsOfYear(2026, 'fiscal', 12)[0]).toBe('2025-12');
    expect(monthsOfYear(2026, 'fiscal', 12)[11]).toBe('2026-11');
  });

  it('every day of a fiscal year is named that year, and the day after is the next one', () => {
    for (let start = 1; start <= 12; start++) {
      const { fromDay, toDay } = yearRange(2030, 'fiscal', start);
      expect(yearOf(fromDay, 'fiscal', start)).toBe(2030);
      expect(yearOf(toDay, 'fiscal', start)).toBe(2030);
      expect(yearRange(2031, 'fiscal', start).fromDay > toDay).toBe(true);
      // The SQL form: shifting a day by fiscalShiftMonths lands in the fiscal year's calendar year.
      const [y, m] = fromDay.split('-').map(Number);
      const shifted = new Date(Date.UTC(y, m - 1 + fiscalShiftMonths(start), 1));
      expect(shifted.getUTCFullYear()).toBe(2030);
    }
  });

  it('says how fiscal years are named, and offers fiscal and calendar years', () => {
    expect(fiscalYearCaption(1, '2026-11-23')).toBeNull();
    expect(fiscalYearCaption(7, '2026-11-23')).toBe(
      'Fiscal years start on July 1 and are named by the calendar year in which they end: FY 2027 runs Jul 1, 2026 – Jun 30, 2027.',
    );
    expect(yearOptions('2026-11-23', 1, 1)).toEqual([
      { basis: 'calendar', year: 2026, label: 'Calendar 2026' },
      { basis: 'calendar', year: 2025, label: 'Calendar 2025' },
    ]);
    expect(yearOptions('2026-11-23', 7, 1)).toEqual([
      { basis: 'fiscal', year: 2027, label: 'FY 2027' },
      { basis: 'fiscal', year: 2026, label: 'FY 2026' },
      { basis: 'calendar', year: 2026, label: 'Calendar 2026' },
      { basis: 'calendar', year: 2025, label: 'Calendar 2025' },
    ]);
  });
});
