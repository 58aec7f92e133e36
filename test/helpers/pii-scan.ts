import type { TestDatabase } from './database.js';

/**
 * Where any of `needles` still appears (case-insensitively) in the whole database: every text, varchar, citext,
 * json and jsonb column of every table, found from the catalogue, so a table added later is scanned too.
 * Answers "table.column: needle (n rows)" lines.
 */
export async function findInDatabase(db: TestDatabase, needles: string[]): Promise<string[]> {
  const columns = await db.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR c.udt_name = 'citext')
      ORDER BY 1, 2`,
  );
  if (columns.length < 20)
    throw new Error(`the scan found only ${columns.length} text columns: the catalogue query is wrong`);
  const found: string[] = [];
  for (const { table_name: t, column_name: c } of columns) {
    for (const needle of needles) {
      const [row] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${t}" WHERE position(lower($1) IN lower("${c}"::text)) > 0`,
        [needle],
      );
      if (row.n > 0) found.push(`${t}.${c}: ${needle} (${row.n} rows)`);
    }
  }
  return found;
}
