import type { Queryable } from '../db/queryable.js';

/**
 * Row writes a batch transaction holds back and sends together. The worker's batch applies hundreds of events
 * in one transaction; most of them end in one whole-row upsert of a read-model row and read nothing the earlier
 * ones wrote. Each upsert waits here instead, and the buffer goes out as one multi-row statement per table and
 * column set just before the transaction's next statement of any other kind (the batch's Queryable flushes
 * before it sends anything else, see project-stripe-events.ts), so every read sees every write made before it
 * and nothing written later overtakes it. Two writes of one row in a buffer become one: the later one's
 * columns over the earlier one's, which is what running them one after the other leaves.
 */
export class WriteBehind {
  private readonly rows = new Map<string, { table: string; row: Record<string, unknown> }>();

  constructor(private readonly send: (sql: string, params: unknown[]) => Promise<unknown>) {}

  get size(): number {
    return this.rows.size;
  }

  add(table: string, row: Record<string, unknown>): void {
    const key = `${table}:${String(row.id)}`;
    const before = this.rows.get(key);
    this.rows.set(key, { table, row: before ? { ...before.row, ...row } : row });
  }

  /** Sends what waits (call before any other statement of the transaction, and before it commits). */
  async flush(): Promise<void> {
    if (!this.rows.size) return;
    const groups = new Map<string, { table: string; cols: string[]; rows: Record<string, unknown>[] }>();
    for (const { table, row } of this.rows.values()) {
      const cols = Object.keys(row);
      const key = `${table}(${cols.join(',')})`;
      const g = groups.get(key) ?? groups.set(key, { table, cols, rows: [] }).get(key)!;
      g.rows.push(row);
    }
    this.rows.clear();
    for (const g of groups.values()) {
      // Postgres takes at most 65,535 parameters in one statement.
      const perStatement = Math.max(1, Math.floor(60000 / g.cols.length));
      for (let i = 0; i < g.rows.length; i += perStatement)
        await this.send(...upsertStatement(g.table, g.cols, g.rows.slice(i, i + perStatement)));
    }
  }
}

/** INSERT ... ON CONFLICT (id) DO UPDATE for rows of one column set (names checked by the caller). */
export function upsertStatement(table: string, cols: string[], rows: Record<string, unknown>[]): [string, unknown[]] {
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${cols.map((c) => `$${params.push(storable(row[c]))}`).join(', ')})`);
  const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  if (table === 'donors') updates.push('updated_at = now()');
  return [
    `INSERT INTO ${table} (${cols.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
    params,
  ];
}

/** Objects other than dates are stored as jsonb. */
function storable(v: unknown): unknown {
  return v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
}

/** A batch transaction's Queryable that holds row writes back (see WriteBehind). */
export interface WithWriteBehind {
  writeBehind?: WriteBehind;
}

export const writeBehindOf = (db: Queryable): WriteBehind | undefined =>
  (db as Queryable & WithWriteBehind).writeBehind;
