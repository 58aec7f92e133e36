/**
 * What repository code needs from the database: a TypeORM DataSource, a transaction's EntityManager, or a plain
 * pg pool or client through pgQueryable (below) all fit, so the same SQL runs inside the caller's transaction, or from a script without Nest.
 * TypeORM answers an UPDATE or DELETE with [rows, count] where pgQueryable answers rows: code that reads what such a
 * statement returns handles both.
 */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

/**
 * A node-postgres pool or client as a Queryable: pg answers a result object, the product's SQL reads the rows.
 * Passing the pool itself type-checks (its overloads satisfy the interface) and silently reads no rows: use this.
 */
export function pgQueryable(pg: { query(sql: string, params?: unknown[]): Promise<{ rows: any[] }> }): Queryable {
  return { query: async (sql, params) => (await pg.query(sql, params)).rows };
}
