// Jest loads globalSetup outside its transform, so this is plain JavaScript over the built server code
// (`npm test` builds first).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { runMigrations } from '../../dist-dev/core/src/db/data-source.js';
import { migrations } from '../../dist-dev/migrations/index.js';
import { publishChromiumChoice } from '../../dist-dev/test/helpers/chromium-executable.js';

const TEST_PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The template is named after the migrations it holds, so a run never drops one another run is cloning. */
function templateName() {
  const dir = new URL('../../dist-dev/migrations/', import.meta.url);
  const hash = createHash('sha256');
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort())
    hash.update(f).update(readFileSync(new URL(f, dir)));
  return `school_tpl_${hash.digest('hex').slice(0, 12)}`;
}

function urlOf(db) {
  const url = new URL(TEST_PG_ADMIN_URL);
  url.pathname = `/${db}`;
  return url.toString();
}

/**
 * Once per run: a migrated template database (built under a temporary name, then renamed, so a half-built
 * one is never used). Each test file clones it (CREATE DATABASE ... TEMPLATE) in milliseconds. The name
 * reaches the test workers through SCHOOL_TEMPLATE_DB.
 */
export default async function globalSetup() {
  // Chosen (and, for the packaged Chromium, unpacked) once here: two workers unpacking at once could launch a half-written file.
  const browser = await publishChromiumChoice();
  if (browser?.source === 'packaged')
    process.stdout.write(`\nBrowser tests use the packaged Chromium (${browser.path})\n`);
  const TEMPLATE_DB = templateName();
  process.env.SCHOOL_TEMPLATE_DB = TEMPLATE_DB;
  const admin = new pg.Client({ connectionString: TEST_PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`SELECT pg_advisory_lock(424242)`);
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [TEMPLATE_DB]);
    if (exists.rowCount === 0) {
      const building = `${TEMPLATE_DB}_build`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      await runMigrations(urlOf(building), migrations);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE_DB}`);
    }
    // Each run stamps the template it uses; templates of other migrations are dropped once no run has used
    // them for a day, so checkouts with different migrations (branches, worktrees) can test side by side.
    await admin.query(`COMMENT ON DATABASE ${TEMPLATE_DB} IS '${Date.now()}'`);
    const old = await admin.query(
      `SELECT d.datname, shobj_description(d.oid, 'pg_database') AS used FROM pg_database d
        WHERE (d.datname ~ '^school_tpl_' OR d.datname = 'school_test_template') AND d.datname <> $1`,
      [TEMPLATE_DB],
    );
    for (const row of old.rows) {
      if (Number(row.used) > Date.now() - 24 * 3600_000) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => undefined);
    }
    // Leftovers of runs that were killed before their teardown. Only those whose process (the pid in the
    // name, see database.ts) is gone: a database of a jest run still going on in parallel must survive.
    const stale = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ '^school_t_'`);
    for (const row of stale.rows) {
      const pid = Number(/^school_t_(\d+)_/.exec(row.datname)?.[1]);
      if (pid && isAlive(pid)) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.query(`SELECT pg_advisory_unlock(424242)`);
  } finally {
    await admin.end();
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}
