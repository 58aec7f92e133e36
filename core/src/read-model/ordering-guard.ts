import { FUTURE_TOLERANCE_SECONDS } from '../stripe/event-sanity.js';

/**
 * The ordering guard: which of two states of one Stripe object is the later one.
 *
 * Each read-model row keeps the version it was last written with: `last_event_created` (the `created` of
 * the event applied, or the moment a backfill read the object) followed by the object's own state rank.
 * A state is applied when its version is greater than or equal to the stored one, compared left to right:
 *
 * 1. `created` decides when the seconds differ: an older event never overwrites a newer one, so duplicates
 *    and out-of-order deliveries end where one in-order pass ends.
 * 2. THE TIE. `created` is whole seconds and one object often changes twice in a second (charge.succeeded
 *    then charge.refunded). A strict `<` would drop the second event; instead the object's own state orders
 *    them: a status that can only come later ranks higher (charge: pending < failed < succeeded; then the
 *    larger amount_refunded wins, since refunds only ever grow), a tombstone outranks any update.
 * 3. A full tie (same second, same rank) whose content differs cannot be ordered from the events: the
 *    projection re-reads the object from Stripe (the current state is at least as new as both), and when
 *    Stripe cannot be reached it keeps the greater of the two by a fixed comparison, so the final row does
 *    not depend on the order of delivery.
 * Equal versions with equal content re-apply harmlessly (that is how a duplicate is absorbed).
 *
 * A stored version dated in the future is not trusted (untrustedFuture): future-dated events are rejected
 * before projection, but a row written by one before those checks existed would otherwise freeze, every
 * real update after it being "older".
 */
export type Version = readonly number[];

/**
 * A stored version whose time is more than the tolerance ahead of now counts as the oldest possible, so the
 * next real event replaces the row it froze.
 */
export function untrustedFuture(stored: Version, nowSeconds = Math.floor(Date.now() / 1000)): Version {
  return stored[0] > nowSeconds + FUTURE_TOLERANCE_SECONDS ? [0, ...stored.slice(1)] : stored;
}

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b` (missing parts count as 0). */
export function compareVersions(a: Version, b: Version): number {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const CHARGE_STATUS_RANK: Record<string, number> = { pending: 1, failed: 2, succeeded: 3 };
export const chargeStateRank = (status: string): number => CHARGE_STATUS_RANK[status] ?? 0;

/** Disputes move needs_response -> under_review -> closed (won, lost, warning_closed, prevented). */
export function disputeRank(status: string): number {
  if (/needs_response$/.test(status)) return 1;
  if (/under_review$/.test(status)) return 2;
  if (['won', 'lost', 'warning_closed', 'prevented'].includes(status)) return 3;
  return 0;
}

const PI_RANK: Record<string, number> = {
  requires_payment_method: 1,
  requires_confirmation: 2,
  requires_action: 3,
  processing: 4,
  requires_capture: 5,
  succeeded: 6,
  canceled: 6,
};
export const paymentIntentRank = (status: string): number => PI_RANK[status] ?? 0;

/** Subscriptions may swing between active and past_due; only the ends are ordered. */
export function subscriptionRank(status: string): number {
  if (status === 'incomplete') return 1;
  if (status === 'canceled' || status === 'incomplete_expired') return 3;
  return 2;
}

const INVOICE_RANK: Record<string, number> = { draft: 1, open: 2, paid: 3, uncollectible: 3, void: 4 };
export const invoiceRank = (status: string | null): number => INVOICE_RANK[status ?? ''] ?? 0;

/** Canonical text of a row's content for the full-tie comparison (dates as ISO, numbers as text). */
export function contentKey(row: Record<string, unknown>, columns: readonly string[]): string {
  return JSON.stringify(
    columns.map((c) => {
      const v = row[c];
      if (v === undefined || v === null) return null;
      if (v instanceof Date) return v.toISOString();
      if (typeof v === 'object') return JSON.stringify(sortKeys(v as Record<string, unknown>));
      return String(v);
    }),
  );
}

function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]]),
  );
}
