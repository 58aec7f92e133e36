import { resolveRange } from './transaction-range.js';

const today = '2026-03-31';

describe('resolveRange', () => {
  it('turns presets into whole local days ending today', () => {
    expect(resolveRange({}, today)).toEqual({ fromDay: null, toDay: null });
    expect(resolveRange({ timeframe: 'all' }, today)).toEqual({ fromDay: null, toDay: null });
    expect(resolveRange({ timeframe: 'last-7-days' }, today)).toEqual({ fromDay: '2026-03-25', toDay: null });
    expect(resolveRange({ timeframe: 'last-30-days' }, today)).toEqual({ fromDay: '2026-03-02', toDay: null });
    expect(resolveRange({ timeframe: 'last-3-months' }, today)).toEqual({ fromDay: '2025-12-31', toDay: null });
    expect(resolveRange({ timeframe: 'last-year' }, today)).toEqual({ fromDay: '2025-03-31', toDay: null });
  });

  it('keeps a custom range inclusive', () => {
    expect(resolveRange({ start_date: '2026-01-01', end_date: '2026-01-31' }, today)).toEqual({
      fromDay: '2026-01-01',
      toDay: '2026-01-31',
    });
    expect(resolveRange({ timeframe: 'custom', start_date: '2026-01-01', end_date: '2026-01-01' }, today)).toEqual({
      fromDay: '2026-01-01',
      toDay: '2026-01-01',
    });
  });

  it.each([
    [{ start_date: '2026-01-01' }, 'start_date and end_date must be given together'],
    [{ start_date: '2026-02-01', end_date: '2026-01-01' }, 'start_date must be on or before end_date'],
    [{ start_date: '2026-02-30', end_date: '2026-03-01' }, 'start_date is not a real date: 2026-02-30'],
    [
      { timeframe: 'last-7-days', start_date: '2026-01-01', end_date: '2026-01-02' },
      'Give either timeframe or start_date and end_date, not both',
    ],
    [{ timeframe: 'custom' }, 'timeframe=custom needs start_date and end_date'],
  ])('refuses %j', (q, message) => {
    expect(() => resolveRange(q as never, today)).toThrow(message);
  });
});
