import type { Ctx } from './context.js';

/** Work that falls due at a moment of the emulator clock (a renewal, a payment retry, a paused collection resuming). */
export interface DueTask {
  at: number;
  run: () => void;
}

/** Each source reports the earliest of its tasks due by `now`, or nothing. */
export type DueSource = (ctx: Ctx, now: number) => DueTask | undefined;

/**
 * The clock's callbacks: resources register a source here (at import) instead of growing one billing loop.
 * `runDue` runs whatever is due across all sources strictly oldest first, so a payment retry on day 3 comes
 * before a renewal on day 30 even when the clock jumps over both in one step.
 */
export const dueSources: DueSource[] = [];

export function runDue(ctx: Ctx): void {
  for (let guard = 0; guard < 10000; guard++) {
    const now = ctx.now();
    let best: DueTask | undefined;
    for (const source of dueSources) {
      const task = source(ctx, now);
      if (task && task.at <= now && (!best || task.at < best.at)) best = task;
    }
    if (!best) return;
    const task = best;
    ctx.request = { id: null, idempotency_key: null };
    ctx.store.withPinnedNow(task.at, () => task.run());
  }
}

/** The earliest of several candidates, for sources that scan a collection. */
export function earliest(tasks: Iterable<DueTask>, now: number): DueTask | undefined {
  let best: DueTask | undefined;
  for (const t of tasks) if (t.at <= now && (!best || t.at < best.at)) best = t;
  return best;
}

/**
 * Work the emulator clock makes happen besides subscription billing (bank payments settling, payouts).
 * Each tick does everything of its own that is due up to `ctx.now()`, stamping what it makes with the
 * moment it was due, and answers whether it did anything. Modules register theirs when loaded.
 */
export type ClockTick = (ctx: Ctx) => boolean;

export const clockTicks: ClockTick[] = [];

/**
 * Billing first, then the ticks, again until nothing is left: a settled bank payment can activate a
 * subscription whose renewals are then due, and a renewal can start a bank payment.
 */
export function runClock(ctx: Ctx, runBilling: (ctx: Ctx) => void): void {
  for (let round = 0; round < 100; round++) {
    runBilling(ctx);
    let worked = false;
    for (const tick of clockTicks) worked = tick(ctx) || worked;
    if (!worked) return;
  }
}
