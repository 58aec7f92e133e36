import type { AppealPublicDto } from '../../../lib/api-types';
import { APPEAL_REFRESH_MS, appealQuery, appealRefreshInterval } from './get-appeal';

/** The appeal page's refresh: every 3 s while the appeal can still change by gifts, never in a hidden tab. */
describe('the appeal page refreshes its progress', () => {
  it('every 3 s while the appeal is open or upcoming (and before the first answer), never once it has ended', () => {
    expect(APPEAL_REFRESH_MS).toBe(3_000);
    expect(appealRefreshInterval(undefined)).toBe(3_000);
    expect(appealRefreshInterval({ state: 'upcoming' })).toBe(3_000);
    expect(appealRefreshInterval({ state: 'open' })).toBe(3_000);
    expect(appealRefreshInterval({ state: 'closed' })).toBe(false);
  });

  it("asks only while the tab is seen, by the appeal's state", () => {
    const options = appealQuery('van');
    expect(options.refetchIntervalInBackground).toBe(false);
    // TanStack calls it with the query; only the query's data matters here.
    const interval = options.refetchInterval as unknown as (q: unknown) => number | false;
    const withState = (state: AppealPublicDto['state']) => ({ state: { data: { state } } });
    expect(interval(withState('open'))).toBe(3_000);
    expect(interval(withState('closed'))).toBe(false);
  });
});
