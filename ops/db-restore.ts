/**
 * `npm run db:restore -- FILE [--yes]`: restores a `npm run db:backup` dump into the database DATABASE_URL names,
 * which must exist and be empty (never over live data: create a new one, restore, then switch DATABASE_URL).
 * Asks for the database's name as confirmation unless `--yes` is given (scripts). Then: `npm run migrate` if
 * this version has newer migrations, start, and `npm run stripe:backfill` for card gifts made since the dump.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadDotEnv } from '../core/src/config/env-file.js';
import { loadEnvOrExit } from '../core/src/config/load-env.js';
import { formatSize, pgConnection, runPgTool } from './pg-tools.js';

const USAGE = 'Usage: npm run db:restore -- FILE [--yes]';
const fail = (line: string, code = 1): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

let parsed: { values: { yes?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { yes: { type: 'boolean', default: false } }, allowPositionals: true, strict: true });
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2);
}
const [file, ...extra] = parsed!.positionals;
if (!file || extra.length) fail(`Name one backup file.\n${USAGE}`, 2);
if (!existsSync(file) || !statSync(file).isFile()) fail(`${file}: no such file.`);
// pg_dump's custom format starts with "PGDMP"; anything else (a plain SQL dump, a truncated download) is refused here.
const head = Buffer.alloc(5);
const fd = openSync(file, 'r');
readSync(fd, head, 0, 5, 0);
closeSync(fd);
if (head.toString('latin1') !== 'PGDMP')
  fail(`${file} is not a backup made by npm run db:backup (pg_dump custom format).`);

loadDotEnv();
const env = loadEnvOrExit(process.env, { only: ['DATABASE_URL'] });
const conn = pgConnection(env.DATABASE_URL);
const where = `database "${conn.database}" on ${conn.host}`;

const client = new pg.Client({ connectionString: env.DATABASE_URL });
try {
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
  );
  if (rows[0].n > 0) {
    fail(
      `The ${where} is not empty (${rows[0].n} tables). Restore into a new, empty database (e.g. createdb school_restored), point DATABASE_URL at it, and run this again.`,
    );
  }
} catch (err) {
  fail(`Cannot reach the ${where}: ${(err as Error).message}`);
} finally {
  await client.end().catch(() => undefined);
}

if (!parsed!.values.yes) {
  if (!process.stdin.isTTY) fail(`Restoring needs a confirmation: run it on a terminal, or add --yes.\n${USAGE}`, 2);
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await rl.question(
    `Restore ${file} (${formatSize(statSync(file).size)}, written ${statSync(file).mtime.toISOString()}) into the ${where}? Type its name to confirm: `,
  );
  rl.close();
  if (answer.trim() !== conn.database) fail('Not confirmed; nothing restored.');
}

try {
  await runPgTool(
    'pg_restore',
    ['--no-owner', '--no-acl', '--exit-on-error', '--single-transaction', `--dbname=${conn.dbname}`, file],
    conn.env,
  );
} catch (err) {
  fail(`Restore failed; the database was left as it was (one transaction): ${(err as Error).message}`);
}
process.stdout.write(
  `Restored ${file} into the ${where}.\nNext: point DATABASE_URL at it, run \`npm run migrate\`, start the API and the worker, then run \`npm run stripe:backfill\` to bring in card gifts made since the backup.\n`,
);
