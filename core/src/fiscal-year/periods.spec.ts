import {
  parsePeriodValue,
  periodDays,
  periodLabel,
  periodMonths,
  periodOptions,
  periodValue,
  type Period,
} from './periods.js';

describe('report periods', () => {
  it('gives a month, a calendar quarter and a fiscal quarter their months and days', () => {
    expect(periodMonths({ kind: 'month', month: '2026-10' }, 7)).toEqual(['2026-10']);
    expect(periodDays({ kind: 'month', month: '2026-02' }, 1)).toEqual({ fromDay: '2026-02-01', toDay: '2026-02-28' });
    expect(periodMonths({ kind: 'quarter', basis: 'calendar', year: 2026, quarter: 4 }, 7)).toEqual([
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    // FY 2027 with a July start runs Jul 2026 - Jun 2027: its first quarter is Jul-Sep 2026.
    expect(periodMonths({ kind: 'quarter', basis: 'fiscal', year: 2027, quarter: 1 }, 7)).toEqual([
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    expect(periodDays({ kind: 'quarter', basis: 'fiscal', year: 2027, quarter: 2 }, 7)).toEqual({
      fromDay: '2026-10-01',
      toDay: '2026-12-31',
    });
    expect(periodDays({ kind: 'year', basis: 'fiscal', year: 2026, quarter: 1 } as Period, 7)).toEqual({
      fromDay: '2025-07-01',
      toDay: '2026-06-30',
    });
  });

  it('names periods and round-trips their select values', () => {
    const cases: Array<[Period, string]> = [
      [{ kind: 'month', month: '2026-10' }, 'October 2026'],
      [{ kind: 'quarter', basis: 'calendar', year: 2026, quarter: 3 }, 'Q3 2026'],
      [{ kind: 'quarter', basis: 'fiscal', year: 2027, quarter: 1 }, 'FY 2027 Q1'],
      [{ kind: 'year', basis: 'calendar', year: 2026 }, 'Calendar 2026'],
      [{ kind: 'year', basis: 'fiscal', year: 2026 }, 'FY 2026'],
    ];
    for (const [p, label] of cases) {
      expect(periodLabel(p, 7)).toBe(label);
      expect(parsePeriodValue(periodValue(p))).toEqual(p);
    }
    expect(parsePeriodValue('all')).toBeNull();
    expect(parsePeriodValue('month:2026-13')).toBeNull();
  });

  it('offers months, quarters and years, fiscal ones only when the fiscal year is not January', () => {
    const calendar = periodOptions('2026-11-27', 1);
    expect(calendar.slice(0, 2).map((o) => o.label)).toEqual(['November 2026', 'October 2026']);
    expect(calendar.filter((o) => o.group === 'Quarters').map((o) => o.label)).toEqual([
      'Q4 2026',
      'Q3 2026',
      'Q2 2026',
      'Q1 2026',
      'Q4 2025',
    ]);
    expect(calendar.some((o) => o.label.startsWith('FY'))).toBe(false);
    const july = periodOptions('2026-11-27', 7);
    expect(
      july
        .filter((o) => o.group === 'Quarters')
        .slice(0, 2)
        .map((o) => o.label),
    ).toEqual(['FY 2027 Q2', 'FY 2027 Q1']);
    expect(july.filter((o) => o.group === 'Years')[0].label).toBe('FY 2027');
  });
});
