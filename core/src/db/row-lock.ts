import type { Queryable } from './queryable.js';

/**
 * A transaction-scoped advisory lock on one read-model row, keyed `table:id`. It serialises writers of one
 * object even while its row does not exist yet (a `SELECT ... FOR UPDATE` on a missing row locks nothing).
 * The worker's projections and the donor flag in the aggregates take the same key, so they never interleave.
 */
export async function lockRow(db: Queryable, table: string, id: string): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`${table}:${id}`]);
}
