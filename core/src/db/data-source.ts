import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { migrations } from '../../../migrations/index.js';

/**
 * The one TypeORM data source definition, used by the API, the worker, `npm run migrate` and the tests.
 * `synchronize` is off everywhere: the schema only ever changes through migrations.
 */
export function createDataSource(url: string, options: { poolSize?: number; applicationName?: string } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations,
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

export async function runMigrations(url: string): Promise<string[]> {
  const ds = createDataSource(url, { poolSize: 1, applicationName: 'school-migrate' });
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
