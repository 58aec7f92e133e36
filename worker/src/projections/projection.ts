import type Stripe from 'stripe';
import type { Queryable } from '../../../api/src/core/db/aggregates.js';
import { compareVersions, contentKey, type Version } from './ordering-guard.js';

export interface ProjectionContext {
  /** The transaction the event is applied in (with its inbox row). */
  db: Queryable;
  /** For the rare look-ups the read model cannot answer (renewal links, full ties). */
  stripe: Stripe;
  timeZone: string;
  warn(msg: string, details?: Record<string, unknown>): void;
}

/** Applies one Stripe object, seen at `at` (event.created, or when a backfill read it), to the read model. */
export type Projection = (ctx: ProjectionContext, object: any, at: number) => Promise<void>;

/** Look-ups from inside a projection answer quickly or not at all: the event can be linked later. */
export const LOOKUP_OPTIONS: Stripe.RequestOptions = { timeout: 4000, maxNetworkRetries: 0 };

/**
 * The ordering guard in one place (the rule is documented in ordering-guard.ts): returns the state to write,
 * `incoming` or a fresh re-read from Stripe on a full tie, or null when the stored state is the later one.
 */
export async function laterState<T extends object>(
  ctx: ProjectionContext,
  stored: { version: Version; row: Record<string, unknown> } | null,
  incoming: { version: Version; row: T },
  contentColumns: readonly string[],
  reread: () => Promise<T | null>,
): Promise<T | null> {
  if (!stored) return incoming.row;
  const cmp = compareVersions(incoming.version, stored.version);
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
