import { DonorSummaryCache, SUMMARY_TTL_MS } from './donor-summary.cache.js';

const row = (n: number) => ({ total_customers: String(n), active_customers: '0', lifetime_cents: '0' });

describe('DonorSummaryCache', () => {
  it('serves a summary for the TTL, shares one computation, and recomputes after invalidate', async () => {
    const cache = new DonorSummaryCache();
    let calls = 0;
    const compute = async () => row(++calls);
    const [a, b] = await Promise.all([cache.get(compute), cache.get(compute)]);
    expect(a).toEqual(row(1));
    expect(b).toEqual(row(1));
    expect(await cache.get(compute)).toEqual(row(1));
    expect(await cache.get(compute, Date.now() + SUMMARY_TTL_MS + 1)).toEqual(row(2));
    cache.invalidate();
    expect(await cache.get(compute)).toEqual(row(3));
  });

  it('does not keep a result computed before an invalidation', async () => {
    const cache = new DonorSummaryCache();
    let release!: () => void;
    const slow = cache.get(() => new Promise((r) => (release = () => r(row(1)))));
    cache.invalidate();
    release();
    await slow;
    expect(await cache.get(async () => row(2))).toEqual(row(2));
  });
});
