import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createAdmin } from '../../api/src/auth/admin-accounts.js';
import { formatSize } from '../../ops/pg-tools.js';
import { loadBulk } from '../fixtures/loaders/bulk.js';
import { adminQuery, createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { runScript } from '../helpers/run-script.js';
import { databaseUrl } from '../helpers/services.js';
import { pgQueryable } from '../../core/src/db/queryable.js';

/**
 * `npm run db:backup` and `npm run db:restore` as real processes with the machine's pg_dump and pg_restore: a
 * loaded read model (and the rows Stripe cannot give back: admins, manual gifts, the audit log) backed up, restored
 * into a new database, and compared table by table.
 */
/** md5 of every table of the public schema, rows in a fixed order. */
async function tableChecksums(url: string): Promise<Record<string, string>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = (
      await c.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
    ).rows.map((r) => r.t);
    const out: Record<string, string> = {};
    for (const t of tables) {
      const { rows } = await c.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS md5 FROM "${t}" x`,
      );
      out[t] = `${rows[0].n} ${rows[0].md5}`;
    }
    return out;
  } finally {
    await c.end();
  }
}

describe('npm run db:backup and db:restore', () => {
  let source: TestDatabase;
  const dir = mkdtempSync(path.join(tmpdir(), 'school-backups-'));
  const restored = `school_t_${process.pid}_restore_${randomBytes(3).toString('hex')}`;
  const other = `school_t_${process.pid}_other_${randomBytes(3).toString('hex')}`;
  let dump: string;

  beforeAll(async () => {
    source = await createTestDatabase();
    await loadBulk(source.pool, {
      history: { seed: 17, donors: 120, months: 14, endDate: new Date('2026-06-15T12:00:00Z'), manualShare: 0.1 },
      sliceDonors: 60,
      batchRows: 500,
      timeZone: 'America/Chicago',
    });
    await createAdmin(pgQueryable(source.pool), {
      email: 'office@example.org',
      name: 'Office',
      password: 'Correct-Horse-Battery-9',
    });
    await adminQuery(`CREATE DATABASE ${restored}`);
  }, 120_000);
  afterAll(async () => {
    await source?.drop();
    await adminQuery(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    await adminQuery(`DROP DATABASE IF EXISTS ${other} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a timestamped custom-format dump readable by its owner only, and keeps the newest N', async () => {
    // Three older backups: with --keep 2 the newest of them and the new one stay.
    for (const old of ['school-20250101T010000Z.dump', 'school-20250102T010000Z.dump', 'school-20250103T010000Z.dump'])
      writeFileSync(path.join(dir, old), 'PGDMP old');
    writeFileSync(path.join(dir, 'notes.txt'), 'not a backup');
    const r = await runScript(
      'dist-dev/ops/db-backup.js',
      { DATABASE_URL: source.url },
      { args: ['--dir', dir, '--keep', '2'], timeoutMs: 60_000 },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const files = readdirSync(dir).sort();
    const fresh = files.find((f) => /^school-\d{8}T\d{6}Z\.dump$/.test(f) && !f.startsWith('school-2025'))!;
    expect(files).toEqual(['notes.txt', 'school-20250103T010000Z.dump', fresh].sort());
    dump = path.join(dir, fresh);
    expect(statSync(dump).mode & 0o777).toBe(0o600);
    expect(r.stdout).toBe(
      `Backup written: ${dump} (${formatSize(statSync(dump).size)}, database ${source.name}). Keeping the newest 2; removed school-20250101T010000Z.dump, school-20250102T010000Z.dump.\n`,
    );
  }, 90_000);

  it('restores into a new empty database: every table equal, md5 by md5', async () => {
    const url = databaseUrl(restored);
    const unconfirmed = await runScript('dist-dev/ops/db-restore.js', { DATABASE_URL: url }, { args: [dump] });
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toContain('Restoring needs a confirmation: run it on a terminal, or add --yes.');
    expect(await tableChecksums(url)).toEqual({});

    const r = await runScript(
      'dist-dev/ops/db-restore.js',
      { DATABASE_URL: url },
      { args: [dump, '--yes'], timeoutMs: 60_000 },
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Restored ${dump} into the database "${restored}" on 127.0.0.1.`);
    expect(r.stdout).toContain('npm run stripe:backfill');
    const before = await tableChecksums(source.url);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'admins',
        'audit_log',
        'charges',
        'donors',
        'manual_donations',
        'typeorm_migrations',
        'donation_records',
        'stripe_events',
      ]),
    );
    expect(Number(before.charges.split(' ')[0])).toBeGreaterThan(100);
    expect(Number(before.admins.split(' ')[0])).toBe(1);
    expect(await tableChecksums(url)).toEqual(before);
  }, 90_000);

  it('never restores over data, nor a file that is not a backup', async () => {
    const busy = await runScript('dist-dev/ops/db-restore.js', { DATABASE_URL: source.url }, { args: [dump, '--yes'] });
    expect(busy.code).toBe(1);
    expect(busy.stderr.trim()).toMatch(
      new RegExp(
        `^The database "${source.name}" on 127\\.0\\.0\\.1 is not empty \\(\\d+ tables\\)\\. Restore into a new, empty database`,
      ),
    );
    const notes = await runScript(
      'dist-dev/ops/db-restore.js',
      { DATABASE_URL: source.url },
      { args: [path.join(dir, 'notes.txt'), '--yes'] },
    );
    expect(notes.stderr.trim()).toBe(
      `${path.join(dir, 'notes.txt')} is not a backup made by npm run db:backup (pg_dump custom format).`,
    );
    await adminQuery(`CREATE DATABASE ${other}`);
    // A file that starts like a dump but is cut short: pg_restore fails, in one transaction, so nothing is half restored.
    const broken = path.join(dir, 'school-20250103T010000Z.dump');
    const r = await runScript(
      'dist-dev/ops/db-restore.js',
      { DATABASE_URL: databaseUrl(other) },
      { args: [broken, '--yes'] },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^Restore failed; the database was left as it was \(one transaction\): pg_restore failed/);
    expect(await tableChecksums(databaseUrl(other))).toEqual({});
  }, 60_000);
});
