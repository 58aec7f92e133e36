import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A hot read whose planning costs as much as its execution (the dashboard's recent gifts: a union of two
 * ordered, joined reads), sent as a named statement: node-postgres prepares it once per connection and Postgres
 * reuses the plan after its first few runs. `name` must be unique per SQL text.
 */
export async function preparedQuery<T>(ds: DataSource, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = (ds.driver as unknown as { master: Pool }).master;
  const res = await pool.query({ name, text, values });
  return res.rows as T[];
}
