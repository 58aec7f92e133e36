import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('keeps each key apart: its own value, its own expiry, its own shared computation', async () => {
    const cache = new TtlCache<number, string>(1000);
    let calls = 0;
    const compute = (v: string) => async () => `${v}${++calls}`;
    const [a, b] = await Promise.all([cache.get(2025, compute('a')), cache.get(2025, compute('a'))]);
    expect([a, b]).toEqual(['a1', 'a1']);
    expect(await cache.get(2026, compute('b'))).toBe('b2');
    expect(await cache.get(2025, compute('a'))).toBe('a1');
    expect(await cache.get(2025, compute('a'), Date.now() + 1001)).toBe('a3');
    expect(await cache.get(2026, compute('b'))).toBe('b2');
  });

  it('a computation started before invalidate() neither stores its result nor ends a newer one', async () => {
    const cache = new TtlCache<string, number>(1000);
    let releaseOld!: () => void;
    const old = cache.get('k', () => new Promise((r) => (releaseOld = () => r(1))));
    cache.invalidate();
    let releaseNew!: () => void;
    const newer = cache.get('k', () => new Promise((r) => (releaseNew = () => r(2))));
    releaseOld();
    await old;
    // The newer computation is still the one shared: a third reader waits for it rather than starting another.
    const third = cache.get('k', async () => 3);
    releaseNew();
    expect(await Promise.all([newer, third])).toEqual([2, 2]);
    expect(await cache.get('k', async () => 4)).toBe(2);
  });
});
