import 'reflect-metadata';
import { DataSource, type MigrationInterface } from 'typeorm';

/** The migration classes, oldest first: migrations/index.ts, handed in by each entry point (core imports none). */
export type MigrationList = readonly (new () => MigrationInterface)[];

/**
 * The one TypeORM data source definition, used by the API, the worker, `npm run migrate` and the tests.
 * `synchronize` is off everywhere: the schema only ever changes through migrations. `migrations` is what
 * assertMigrated compares the database with (and what runMigrations applies).
 */
export function createDataSource(
  url: string,
  options: { migrations: MigrationList; poolSize?: number; applicationName?: string },
): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: [...options.migrations],
    migrationsTableName: 'typeorm_migrations',
    entities: [],
    logging: false,
    poolSize: options.poolSize ?? 10,
    applicationName: options.applicationName ?? 'school',
    extra: { connectionTimeoutMillis: 5000, statement_timeout: 30000 },
  });
}

export class MigrationsBehindError extends Error {
  constructor() {
    super('The database schema is behind: run `npm run migrate` before starting the API or the worker.');
  }
}

/** Refuses to go on against a database whose migrations are not all applied. */
export async function assertMigrated(ds: DataSource): Promise<void> {
  if (await ds.showMigrations()) throw new MigrationsBehindError();
}

export async function runMigrations(url: string, migrations: MigrationList): Promise<string[]> {
  const ds = createDataSource(url, { migrations, poolSize: 1, applicationName: 'school-migrate' });
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
