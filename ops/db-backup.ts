/**
 * `npm run db:backup [-- --dir DIR] [--keep N]`: one `pg_dump` of DATABASE_URL in custom format (compressed,
 * restorable table by table) to DIR/school-<UTC time>.dump, then only the newest N such files are kept (BACKUP_DIR,
 * default `backups`; BACKUP_KEEP, default 14). The dump is written under a temporary name and renamed when
 * pg_dump succeeded, so a failed run never replaces or prunes a good backup. Files are 0600: they hold donor data.
 */
import { chmodSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDotEnv } from '../core/src/config/env-file.js';
import { loadEnvOrExit } from '../core/src/config/load-env.js';
import { formatSize, pgConnection, runPgTool } from './pg-tools.js';

const USAGE = 'Usage: npm run db:backup [-- --dir DIR] [--keep N]';
export const BACKUP_NAME = /^school-\d{8}T\d{6}Z\.dump$/;
const fail = (line: string, code = 1): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

let args: { dir?: string; keep?: string };
try {
  args = parseArgs({ options: { dir: { type: 'string' }, keep: { type: 'string' } }, strict: true }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2);
}
loadDotEnv();
const env = loadEnvOrExit(
  {
    ...process.env,
    ...(args!.dir ? { BACKUP_DIR: args!.dir } : {}),
    ...(args!.keep ? { BACKUP_KEEP: args!.keep } : {}),
  },
  { only: ['DATABASE_URL', 'BACKUP_DIR', 'BACKUP_KEEP'] },
);

const dir = path.resolve(env.BACKUP_DIR);
mkdirSync(dir, { recursive: true, mode: 0o700 });
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
const file = path.join(dir, `school-${stamp}.dump`);
const partial = `${file}.partial`;
const conn = pgConnection(env.DATABASE_URL);
try {
  await runPgTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-acl', `--file=${partial}`, `--dbname=${conn.dbname}`],
    conn.env,
  );
  chmodSync(partial, 0o600);
  renameSync(partial, file);
} catch (err) {
  rmSync(partial, { force: true });
  fail(`Backup failed, nothing written: ${(err as Error).message}`);
}

const all = readdirSync(dir)
  .filter((f) => BACKUP_NAME.test(f))
  .sort();
const removed = all.slice(0, Math.max(0, all.length - env.BACKUP_KEEP));
for (const old of removed) rmSync(path.join(dir, old));
const shown = path.relative(process.cwd(), file).startsWith('..') ? file : path.relative(process.cwd(), file);
process.stdout.write(
  `Backup written: ${shown} (${formatSize(statSync(file).size)}, database ${conn.database}). ` +
    `Keeping the newest ${env.BACKUP_KEEP}${removed.length ? `; removed ${removed.join(', ')}` : ''}.\n`,
);
