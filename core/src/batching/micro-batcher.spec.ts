import { MicroBatcher, type MicroBatcherOptions } from './micro-batcher.js';

/** A flush that records each batch and answers after `release()`, so tests decide when a round trip ends. */
function recordingFlush(answer: (item: number) => string = (n) => `r${n}`) {
  const batches: number[][] = [];
  const gates: (() => void)[] = [];
  const flush = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => gates.push(resolve));
    return items.map(answer);
  };
  const release = () => gates.splice(0).forEach((open) => open());
  return { batches, flush, release };
}

/** A batcher whose flush answers at once and records each batch and the moment it began. */
function timedBatcher(options: MicroBatcherOptions) {
  const flushedAt: number[] = [];
  const batches: number[][] = [];
  const b = new MicroBatcher(async (items: number[]) => {
    flushedAt.push(performance.now());
    batches.push(items);
    return items;
  }, options);
  return { b, batches, flushedAt };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Lets the event loop go round until `cond` holds (a flush starts on a later turn than the one that freed it). */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 50 && !cond(); i++) await turn();
  expect(cond()).toBe(true);
}

describe('MicroBatcher', () => {
  it('gives every caller its own result, in one flush for items submitted in the same turn', async () => {
    const { batches, flush, release } = recordingFlush();
    const b = new MicroBatcher(flush, { maxBatch: 10, maxInFlight: 1 });
    const results = [1, 2, 3].map((n) => b.submit(n));
    await turn();
    release();
    expect(await Promise.all(results)).toEqual(['r1', 'r2', 'r3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('flushes a lone item on the next turn, without waiting for company', async () => {
    const b = new MicroBatcher(async (items: number[]) => items.map((n) => n * 2), { maxBatch: 10, maxInFlight: 1 });
    expect(await b.submit(21)).toBe(42);
  });

  it('gathers items that arrive while the flushes in flight are busy, up to maxBatch per flush', async () => {
    const { batches, flush, release } = recordingFlush();
    const b = new MicroBatcher(flush, { maxBatch: 3, maxInFlight: 1 });
    const first = b.submit(0);
    await turn();
    const later = [1, 2, 3, 4, 5].map((n) => b.submit(n));
    await turn();
    expect(batches).toEqual([[0]]);
    release();
    await first;
    await until(() => batches.length === 2);
    expect(batches).toEqual([[0], [1, 2, 3]]);
    release();
    await until(() => batches.length === 3);
    release();
    expect(await Promise.all(later)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
    expect(batches).toEqual([[0], [1, 2, 3], [4, 5]]);
  });

  it("flushIdleAtOnce: an idle batcher flushes in the caller's turn; arrivals while one is in flight join the next", async () => {
    const { batches, flush, release } = recordingFlush();
    const b = new MicroBatcher(flush, { maxBatch: 10, maxInFlight: 1, flushIdleAtOnce: true });
    const first = b.submit(0);
    // No turn of the event loop: the statement is already under way.
    expect(batches).toEqual([[0]]);
    const later = [1, 2, 3].map((n) => b.submit(n));
    await turn();
    expect(batches).toEqual([[0]]);
    expect(b.stats).toEqual({ waiting: 3, inFlight: 1 });
    release();
    expect(await first).toBe('r0');
    await until(() => batches.length === 2);
    expect(batches).toEqual([[0], [1, 2, 3]]);
    release();
    expect(await Promise.all(later)).toEqual(['r1', 'r2', 'r3']);
    // Idle again: the next item goes at once.
    const last = b.submit(4);
    expect(batches).toEqual([[0], [1, 2, 3], [4]]);
    release();
    expect(await last).toBe('r4');
  });

  it('runs up to maxInFlight flushes at once', async () => {
    const { batches, flush, release } = recordingFlush();
    const b = new MicroBatcher(flush, { maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => b.submit(n));
    await turn();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(b.stats).toEqual({ waiting: 1, inFlight: 2 });
    release();
    await until(() => batches.length === 3);
    release();
    await Promise.all(all);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('rejects every item of a failed flush', async () => {
    const b = new MicroBatcher(async () => Promise.reject(new Error('database is away')), {
      maxBatch: 10,
      maxInFlight: 1,
    });
    const results = await Promise.allSettled([b.submit(1), b.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('with isolateFailures, rejects only the item that fails on its own', async () => {
    const batches: number[][] = [];
    const b = new MicroBatcher(
      async (items: number[]) => {
        batches.push(items);
        if (items.includes(13)) throw new Error('refused: 13');
        return items.map(String);
      },
      { maxBatch: 10, maxInFlight: 1, isolateFailures: true },
    );
    const results = await Promise.allSettled([12, 13, 14].map((n) => b.submit(n)));
    expect(results).toEqual([
      { status: 'fulfilled', value: '12' },
      { status: 'rejected', reason: new Error('refused: 13') },
      { status: 'fulfilled', value: '14' },
    ]);
    expect(batches).toEqual([[12, 13, 14], [12], [13], [14]]);
  });

  it('rejects when a flush answers the wrong number of results', async () => {
    const b = new MicroBatcher(async () => ['only one'], { maxBatch: 10, maxInFlight: 1 });
    await expect(Promise.all([b.submit(1), b.submit(2)])).rejects.toThrow('flush answered 1 results for 2 items');
  });

  it('with lingerMs, a flush waits to fill while a full one is in flight; under light use each item goes at once', async () => {
    const { batches, flush, release } = recordingFlush();
    const b = new MicroBatcher(flush, { maxBatch: 10, maxInFlight: 2, lingerMs: 40, lingerAfter: 2 });
    const first = b.submit(1);
    await turn();
    const second = b.submit(2);
    await turn();
    // Light use: the first flush carried one item, so the second goes on the next turn though one is in flight.
    expect(batches).toEqual([[1], [2]]);
    release();
    await Promise.all([first, second]);
    const load = [3, 4].map((n) => b.submit(n));
    await turn();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    const fifth = b.submit(5);
    await new Promise((r) => setTimeout(r, 10));
    expect(batches).toHaveLength(3);
    const sixth = b.submit(6);
    for (let i = 0; i < 100 && batches.length < 4; i++) await new Promise((r) => setTimeout(r, 5));
    expect(batches).toEqual([[1], [2], [3, 4], [5, 6]]);
    release();
    await Promise.all([...load, fifth, sixth]);
  });

  it('with minIntervalMs, items that come soon after a flush began wait for the interval together', async () => {
    const { b, batches, flushedAt } = timedBatcher({ maxBatch: 10, maxInFlight: 1, minIntervalMs: 300 });
    // After a quiet spell the first item goes on the next turn.
    const first = b.submit(1);
    await until(() => batches.length === 1);
    await first;
    // Three more within the interval: they go out together, once the interval since the first flush is over.
    const soon = [2, 3, 4].map((n) => b.submit(n));
    await turn();
    expect(batches).toEqual([[1]]);
    expect(await Promise.all(soon)).toEqual([2, 3, 4]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
    expect(flushedAt[1] - flushedAt[0]).toBeGreaterThanOrEqual(290);
    // An item that comes once the interval is over goes on the next turn again.
    await new Promise((r) => setTimeout(r, 320));
    const late = b.submit(5);
    await until(() => batches.length === 3);
    expect(await late).toBe(5);
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });

  it('with minIntervalUnderLoadMs, the longer interval follows a flush of lingerAfter items or more', async () => {
    const { b, batches, flushedAt } = timedBatcher({
      maxBatch: 10,
      maxInFlight: 1,
      minIntervalMs: 50,
      minIntervalUnderLoadMs: 400,
      lingerAfter: 3,
    });
    // Two at once: a flush below lingerAfter, so the next one waits the short interval.
    await Promise.all([b.submit(1), b.submit(2)]);
    await Promise.all([3, 4, 5].map((n) => b.submit(n)));
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    expect(flushedAt[1] - flushedAt[0]).toBeGreaterThanOrEqual(45);
    expect(flushedAt[1] - flushedAt[0]).toBeLessThan(400);
    // The last flush carried three: the next waits the long interval.
    await Promise.all([b.submit(6)]);
    expect(batches).toEqual([[1, 2], [3, 4, 5], [6]]);
    expect(flushedAt[2] - flushedAt[1]).toBeGreaterThanOrEqual(390);
    // After a flush of one, the short interval again.
    await b.submit(7);
    expect(flushedAt[3] - flushedAt[2]).toBeGreaterThanOrEqual(45);
    expect(flushedAt[3] - flushedAt[2]).toBeLessThan(400);
  });
});
