import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assertMigrated, createDataSource, type MigrationList } from './data-source.js';
import { ENV } from '../config/load-env.js';
import type { EnvDto } from '../config/env.dto.js';

/**
 * Provides the TypeORM DataSource (raw SQL lives in *.repository.ts files).
 * Start-up refuses a database whose migrations are behind the list the app hands in (migrations/index.ts).
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  static forRoot(migrations: MigrationList, applicationName: string, poolSize = 10): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DataSource,
          inject: [ENV],
          useFactory: async (env: EnvDto) => {
            const ds = createDataSource(env.DATABASE_URL, { migrations, applicationName, poolSize });
            await ds.initialize();
            try {
              await assertMigrated(ds);
            } catch (err) {
              await ds.destroy();
              throw err;
            }
            return ds;
          },
        },
      ],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ds.isInitialized) await this.ds.destroy();
  }
}
