import type Stripe from 'stripe';
import type { Queryable } from '../db/queryable.js';
import { compareVersions, contentKey, untrustedFuture, type Version } from './ordering-guard.js';

/** What writing a Stripe object into the read model needs: the caller's transaction, Stripe, a place for warnings. */
export interface ReadModelWrite {
  /** The transaction the object is applied in. */
  db: Queryable;
  /** For the rare look-ups the read model cannot answer (renewal links, full ties). */
  stripe: Stripe;
  warn(msg: string, details?: Record<string, unknown>): void;
}

/** Look-ups made while writing answer quickly or not at all: the object can be linked later. */
export const LOOKUP_OPTIONS: Stripe.RequestOptions = { timeout: 4000, maxNetworkRetries: 0 };

/**
 * The ordering guard in one place (the rule is documented in ordering-guard.ts): returns the state to write,
 * `incoming` or a fresh re-read from Stripe on a full tie, or null when the stored state is the later one.
 */
export async function laterState<T extends object>(
  ctx: Pick<ReadModelWrite, 'warn'>,
  stored: { version: Version; row: Record<string, unknown> } | null,
  incoming: { version: Version; row: T },
  contentColumns: readonly string[],
  reread: () => Promise<T | null>,
): Promise<T | null> {
  if (!stored) return incoming.row;
  const cmp = compareVersions(incoming.version, untrustedFuture(stored.version));
  if (cmp !== 0) return cmp > 0 ? incoming.row : null;
  const a = contentKey(incoming.row as Record<string, unknown>, contentColumns);
  const b = contentKey(stored.row, contentColumns);
  if (a === b) return incoming.row;
  try {
    const fresh = await reread();
    if (fresh) return fresh;
  } catch (err) {
    ctx.warn('full tie: could not re-read from Stripe, keeping the greater state', { err: (err as Error).message });
  }
  return a > b ? incoming.row : null;
}
