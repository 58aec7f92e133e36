import type { Queryable } from './queryable.js';

/**
 * A transaction that remembers the row locks it holds (the worker's batch transaction): transaction-scoped
 * advisory locks last until commit, so taking one a second time can skip the round trip.
 */
export interface LockMemory {
  heldLocks?: Set<string>;
}

/**
 * A transaction-scoped advisory lock on one read-model row, keyed `table:id`. It serialises writers of one
 * object even while its row does not exist yet (a `SELECT ... FOR UPDATE` on a missing row locks nothing).
 * The worker's projections and the donor flag in the aggregates take the same key, so they never interleave.
 */
export async function lockRow(db: Queryable, table: string, id: string): Promise<void> {
  const key = `${table}:${id}`;
  const held = (db as Queryable & LockMemory).heldLocks;
  if (held?.has(key)) return;
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [key]);
  held?.add(key);
}

/**
 * Several row locks (`table:id` keys) in one statement, in sorted key order: two batches that take their
 * locks this way wait for each other instead of deadlocking. `sharedFirst` is a key taken in shared mode before
 * all of them, in the same statement (the worker's batch: the merges lock, then its objects' rows).
 */
export async function lockRows(db: Queryable, keys: Iterable<string>, sharedFirst?: string): Promise<void> {
  const held = (db as Queryable & LockMemory).heldLocks;
  const wanted = [...new Set(keys)].filter((k) => !held?.has(k)).sort();
  const shared = sharedFirst !== undefined && !held?.has(sharedFirst) ? [sharedFirst] : [];
  if (!wanted.length && !shared.length) return;
  await db.query(
    `SELECT count(CASE WHEN s.shared THEN pg_advisory_xact_lock_shared(hashtextextended(s.k, 0))
                       ELSE pg_advisory_xact_lock(hashtextextended(s.k, 0)) END)
       FROM (SELECT k, shared FROM (SELECT k, true AS shared FROM unnest($2::text[]) AS f(k)
                                    UNION ALL SELECT k, false FROM unnest($1::text[]) AS u(k)) a
              ORDER BY shared DESC, k COLLATE "C") s`,
    [wanted, shared],
  );
  for (const k of [...shared, ...wanted]) held?.add(k);
}
