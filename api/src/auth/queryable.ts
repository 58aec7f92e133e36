/**
 * The one database call the account functions need. A TypeORM DataSource or EntityManager fits, and so
 * does a plain pg pool wrapper, which lets scripts and test helpers create admins without booting Nest.
 * (TypeORM returns [rows, count] for UPDATE/DELETE, so callers of this interface use SELECT or INSERT only.)
 */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}
