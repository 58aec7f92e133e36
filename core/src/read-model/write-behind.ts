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
    for (const g of groups.values())
      for (let i = 0; i < g.rows.length; i += ROWS_PER_STATEMENT)
        await this.send(...upsertStatement(g.table, g.cols, g.rows.slice(i, i + ROWS_PER_STATEMENT)));
  }
}

/** Rows in one upsert: bounds the size of its one JSON parameter (a whole batch of charges is one statement). */
const ROWS_PER_STATEMENT = 500;

/**
 * INSERT ... ON CONFLICT (id) DO UPDATE for rows of one column set (names checked by the caller). The rows go
 * as ONE jsonb parameter, read into the table's row type by jsonb_populate_recordset: the statement's text is
 * the same for every batch of a table and column set, and Postgres converts each value by its column's type
 * (dates as ISO text, objects into the jsonb columns). A parameter per value cost both sides about twice as
 * much: pg converted each value, and Postgres parsed and planned a statement of a thousand parameters or more.
 */
export function upsertStatement(table: string, cols: string[], rows: Record<string, unknown>[]): [string, unknown[]] {
  const list = cols.join(', ');
  const updates = cols.filter((c) => c !== 'id').map((c) => `${c} = EXCLUDED.${c}`);
  if (table === 'donors') updates.push('updated_at = now()');
  return [
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`,
    [JSON.stringify(rows)],
  ];
}

/** A batch transaction's Queryable that holds row writes back (see WriteBehind). */
export interface WithWriteBehind {
  writeBehind?: WriteBehind;
}

export const writeBehindOf = (db: Queryable): WriteBehind | undefined =>
  (db as Queryable & WithWriteBehind).writeBehind;
