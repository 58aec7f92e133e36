import {
  fiscalCaption,
  parseYearValue,
  periodQuery,
  periodSelectGroups,
  yearDays,
  yearSelectOptions,
  yearValue,
} from './fiscal-year';

/** The period pickers' labels and values. A July fiscal year is named by the calendar year it ends in. */
const JULY = { startMonth: 7, today: '2026-11-23' };
const JANUARY = { startMonth: 1, today: '2026-11-23' };

describe('fiscal-year labels of the period pickers', () => {
  it('offers fiscal years first when they are not calendar years, each named as the school names it', () => {
    expect(yearSelectOptions(JULY, 1)).toEqual([
      { value: 'fiscal:2027', label: 'FY 2027' },
      { value: 'fiscal:2026', label: 'FY 2026' },
      { value: 'calendar:2026', label: 'Calendar 2026' },
      { value: 'calendar:2025', label: 'Calendar 2025' },
    ]);
    expect(yearSelectOptions(JANUARY, 1)).toEqual([
      { value: 'calendar:2026', label: 'Calendar 2026' },
      { value: 'calendar:2025', label: 'Calendar 2025' },
    ]);
  });

  it('says how fiscal years are named, and nothing when they are calendar years', () => {
    expect(fiscalCaption(JULY)).toBe(
      'Fiscal years start on July 1 and are named by the calendar year in which they end: FY 2027 runs Jul 1, 2026 – Jun 30, 2027.',
    );
    expect(fiscalCaption(JANUARY)).toBeNull();
    expect(fiscalCaption(undefined)).toBeNull();
  });

  it('turns a choice into the days it covers, and a select value back into the choice', () => {
    expect(yearDays({ basis: 'fiscal', year: 2027 }, JULY)).toEqual({ startDate: '2026-07-01', endDate: '2027-06-30' });
    expect(yearDays({ basis: 'calendar', year: 2024 }, JULY)).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    expect(parseYearValue(yearValue({ basis: 'fiscal', year: 2027 }))).toEqual({ basis: 'fiscal', year: 2027 });
    expect(parseYearValue('fiscal:27')).toBeNull();
    expect(parseYearValue('all')).toBeNull();
  });

  it('groups months, quarters and years, with fiscal quarters named by their fiscal year', () => {
    const groups = periodSelectGroups(JULY);
    expect(groups.map((g) => [g.label, g.options.length])).toEqual([
      ['Months', 13],
      ['Quarters', 10],
      ['Years', 12],
    ]);
    const [months, quarters, years] = groups.map((g) => g.options);
    expect(months[0]).toEqual({ value: 'month:2026-11', label: 'November 2026', group: 'Months' });
    expect(months[12].label).toBe('November 2025');
    // November is in the second quarter of the fiscal year that ends in June 2027, the fourth of calendar 2026.
    expect(quarters.slice(0, 2).map((q) => q.label)).toEqual(['FY 2027 Q2', 'FY 2027 Q1']);
    expect(quarters[5]).toEqual({ value: 'calendar:2026:q4', label: 'Q4 2026', group: 'Quarters' });
    expect(years.map((y) => y.label).slice(0, 2)).toEqual(['FY 2027', 'FY 2026']);
    expect(years[6].label).toBe('Calendar 2026');
  });

  it('asks the API for a period by its query', () => {
    expect(periodQuery(null)).toBe('');
    expect(periodQuery({ kind: 'month', month: '2026-10' })).toBe('month=2026-10');
    expect(periodQuery({ kind: 'year', basis: 'fiscal', year: 2027 })).toBe('year=2027&basis=fiscal');
    expect(periodQuery({ kind: 'quarter', basis: 'calendar', year: 2026, quarter: 4 })).toBe(
      'year=2026&basis=calendar&quarter=4',
    );
  });
});
