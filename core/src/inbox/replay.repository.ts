import type { Queryable } from '../db/queryable.js';

/**
 * The inbox rows (stripe_events) a replay selects: reset for another projection, listed, or counted when their
 * payload was pruned. Shared by `npm run events:replay` (worker) and the admin Operations page (API).
 */
export const replayInbox = {
  /**
   * Rows chosen for `events:replay`, reset so the projection runs again (and the sanity checks with it: a
   * rejected event is checked afresh and rejected again unless what it failed changed, e.g. the key's mode).
   * Pruned rows are left out: their payload is gone, so there is nothing to project.
   */
  async resetForReplay(db: Queryable, where: ReplayWhere): Promise<string[]> {
    const { sql, params } = replayWhere(where);
    const rows = await db.query(
      `WITH chosen AS (SELECT id FROM stripe_events WHERE ${sql} AND payload_pruned_at IS NULL FOR UPDATE)
       UPDATE stripe_events e SET processed_at = NULL, attempts = 0, last_error = NULL, ignored = false, rejected_reason = NULL, enqueued_at = now()
         FROM chosen WHERE e.id = chosen.id
       RETURNING e.id, e.created`,
      params,
    );
    // TypeORM answers an UPDATE with [rows, count]; pg with rows.
    const list = (Array.isArray(rows[0]) ? rows[0] : rows) as { id: string; created: string }[];
    return list.sort((a, b) => Number(a.created) - Number(b.created) || a.id.localeCompare(b.id)).map((r) => r.id);
  },

  /** The rows a replay selection names, oldest first, for `events:replay --list` (pruned ones included). */
  async listForReplay(db: Queryable, where: ReplayWhere, limit: number): Promise<ListedEvent[]> {
    const { sql, params } = replayWhere(where);
    const rows = await db.query(
      `SELECT id, type, created, received_at, processed_at, last_error, rejected_reason, payload_pruned_at
         FROM stripe_events WHERE ${sql} ORDER BY created, id LIMIT ${Math.max(1, Math.floor(limit))}`,
      params,
    );
    return rows.map((r: ListedEvent & { created: string }) => ({ ...r, created: Number(r.created) }));
  },

  /** How many rows of the selection were pruned (and so cannot be replayed). */
  async countPruned(db: Queryable, where: ReplayWhere): Promise<number> {
    const { sql, params } = replayWhere(where);
    const rows = await db.query(
      `SELECT count(*)::int AS n FROM stripe_events WHERE ${sql} AND payload_pruned_at IS NOT NULL`,
      params,
    );
    return rows[0].n;
  },
};

export interface ReplayWhere {
  failed?: boolean;
  rejected?: boolean;
  since?: number;
  id?: string;
}

export interface ListedEvent {
  id: string;
  type: string;
  created: number;
  received_at: Date;
  processed_at: Date | null;
  last_error: string | null;
  rejected_reason: string | null;
  payload_pruned_at: Date | null;
}

/** The WHERE clause of a replay selection: every condition given must hold. */
function replayWhere(where: ReplayWhere): { sql: string; params: unknown[] } {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (where.failed) conds.push(`(processed_at IS NULL AND last_error IS NOT NULL)`);
  if (where.rejected) conds.push(`rejected_reason IS NOT NULL`);
  if (where.since !== undefined) {
    params.push(where.since);
    conds.push(`created >= $${params.length}`);
  }
  if (where.id) {
    params.push(where.id);
    conds.push(`id = $${params.length}`);
  }
  if (!conds.length) throw new Error('Nothing selected to replay');
  return { sql: conds.join(' AND '), params };
}
