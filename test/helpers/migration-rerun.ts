import type { MigrationInterface, QueryRunner } from 'typeorm';
import type { Stack } from './stack.js';

/**
 * Runs one migration's `up` again on the stack's database, as an upgrade would, with TIME_ZONE set as the
 * migration reads it (a migration takes the school's zone from the environment); the environment is restored.
 */
export async function rerunMigration(stack: Stack, migration: MigrationInterface, timeZone: string): Promise<void> {
  const zone = process.env.TIME_ZONE;
  process.env.TIME_ZONE = timeZone;
  try {
    await migration.up({
      query: (sql: string, params?: unknown[]) => stack.db.query(sql, params),
    } as unknown as QueryRunner);
  } finally {
    if (zone === undefined) delete process.env.TIME_ZONE;
    else process.env.TIME_ZONE = zone;
  }
}
