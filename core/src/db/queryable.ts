/**
 * What repository code needs from the database: a TypeORM DataSource, a transaction's EntityManager or a plain
 * pg client all fit, so the same SQL runs inside the caller's transaction, or from a script without Nest.
 * TypeORM answers an UPDATE or DELETE with [rows, count] where pg answers rows: code that reads what such a
 * statement returns handles both.
 */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}
