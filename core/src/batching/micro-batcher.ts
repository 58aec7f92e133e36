/**
 * Group commit for a hot path. Each caller submits one item and awaits its own result; items submitted in the
 * same turn of the event loop, or while earlier flushes are in flight, go out together in one flush (one SQL
 * statement, one Redis round trip). An idle batcher flushes on the next turn, so a lone request waits for
 * nothing; under load each round trip carries many items, which is what lets one API process keep up.
 *
 * A failed flush fails every item in it, unless `isolateFailures` is set: then a batch that fails is retried
 * one item at a time, so one poison item (say, an event Postgres refuses) cannot take its neighbours with it.
 */
export interface MicroBatcherOptions {
  /** The most items one flush carries. */
  maxBatch: number;
  /** How many flushes may be in flight at once (a connection pool can run several). */
  maxInFlight: number;
  /** Retry a failed multi-item batch item by item, so only the items that fail on their own are rejected. */
  isolateFailures?: boolean;
  /**
   * Under load (another flush in flight, and the last flush carried at least `lingerAfter` items), a flush
   * short of maxBatch waits this long for more items: a busy batcher sends fewer, fuller flushes, while a
   * lightly used one still sends each item on the next turn.
   */
  lingerMs?: number;
  /** See lingerMs (default 8). */
  lingerAfter?: number;
  /**
   * Group commit without a clock: when no flush is in flight, an item is flushed at once, in the caller's turn,
   * alone; items that arrive while one is in flight join the next flush (the next turn's, or the one that
   * starts when a flush ends). No item ever waits for company, and under load each flush carries what arrived
   * during the last one. Off: an idle batcher flushes on the next turn (see above).
   */
  flushIdleAtOnce?: boolean;
  /**
   * At most one flush starts in this many ms while items keep coming: an item that arrives sooner after the last
   * flush began waits for the interval's end with whatever else arrives meanwhile; one that arrives later goes out
   * on the next turn as usual. For work off a caller's path (queueing), where each flush has a fixed cost.
   */
  minIntervalMs?: number;
  /**
   * The interval instead of minIntervalMs once the last flush carried at least `lingerAfter` items: when items
   * come many at a time, fewer and fuller flushes; a trickle (each flush one or two items) keeps the short one.
   */
  minIntervalUnderLoadMs?: number;
}

interface Entry<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export class MicroBatcher<I, O> {
  private queue: Entry<I, O>[] = [];
  private inFlight = 0;
  private scheduled = false;
  private lastFlushSize = 0;
  private lastFlushAt = -Infinity;

  /** `flush` answers one result per item, in the items' order. */
  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly options: MicroBatcherOptions,
  ) {
    if (!(options.maxBatch >= 1) || !(options.maxInFlight >= 1))
      throw new Error('maxBatch and maxInFlight must be at least 1');
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting for a flush, and flushes in flight (for health and tests). */
  get stats(): { waiting: number; inFlight: number } {
    return { waiting: this.queue.length, inFlight: this.inFlight };
  }

  private schedule(): void {
    if (this.options.flushIdleAtOnce && this.inFlight === 0 && !this.scheduled) return this.pump();
    if (this.scheduled || this.inFlight >= this.options.maxInFlight) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      this.pump();
    };
    const linger = this.options.lingerMs ?? 0;
    const loaded = this.lastFlushSize >= (this.options.lingerAfter ?? 8);
    const busy = this.inFlight > 0 && loaded;
    const interval = (loaded && this.options.minIntervalUnderLoadMs) || this.options.minIntervalMs;
    const untilInterval = interval ? this.lastFlushAt + interval - performance.now() : 0;
    if (untilInterval > 0 && this.queue.length < this.options.maxBatch) setTimeout(go, untilInterval);
    else if (linger > 0 && busy && this.queue.length < this.options.maxBatch) setTimeout(go, linger);
    // setImmediate runs after the current poll phase: every request whose bytes arrived in this turn joins.
    else setImmediate(go);
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.maxInFlight) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.lastFlushSize = batch.length;
      this.lastFlushAt = performance.now();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async run(batch: Entry<I, O>[]): Promise<void> {
    let results: O[];
    try {
      results = await this.flush(batch.map((e) => e.item));
      if (results.length !== batch.length)
        throw new Error(`flush answered ${results.length} results for ${batch.length} items`);
    } catch (err) {
      if (this.options.isolateFailures && batch.length > 1) {
        await Promise.all(batch.map((e) => this.run([e])));
      } else {
        for (const e of batch) e.reject(err);
      }
      return;
    }
    batch.forEach((e, i) => e.resolve(results[i]));
  }
}
