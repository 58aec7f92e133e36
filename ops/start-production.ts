/**
 * `npm run start:prod [-- --workers N]`: the built API and N workers (default 1) as child processes with
 * NODE_ENV=production, reading .env (what the shell exports wins). The start-up checks run here first, so a
 * refusal is one line, not one per process: the production rules (live keys, no emulator, no demo secrets, SMTP;
 * see core/src/config/production-checks.ts) and no pending migrations. When one process stops, the others are
 * stopped too and the launcher exits with its code, so a supervisor (systemd, Docker) restarts the whole set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadDotEnv } from '../core/src/config/env-file.js';
import { loadEnvOrExit } from '../core/src/config/load-env.js';
import { assertMigrated, createDataSource } from '../core/src/db/data-source.js';
import { migrations } from '../migrations/index.js';

const USAGE = 'Usage: npm run start:prod [-- --workers N]';
const fail = (line: string, code = 1): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

function workerCount(argv: string[]): number {
  if (!argv.length) return 1;
  const m = argv.join('=').match(/^--workers=(\d+)$/);
  const n = m ? Number(m[1]) : NaN;
  if (!(Number.isInteger(n) && n >= 1 && n <= 16)) fail(`--workers takes a whole number from 1 to 16. ${USAGE}`, 2);
  return n;
}

const workers = workerCount(process.argv.slice(2));
loadDotEnv();
process.env.NODE_ENV = 'production';
const env = loadEnvOrExit(process.env, { server: true });

const ds = createDataSource(env.DATABASE_URL, { migrations, poolSize: 1, applicationName: 'school-start' });
try {
  await ds.initialize();
  await assertMigrated(ds);
} catch (err) {
  fail(
    (err as Error).message.startsWith('The database schema is behind')
      ? (err as Error).message
      : `Cannot reach the database: ${(err as Error).message}`,
  );
} finally {
  if (ds.isInitialized) await ds.destroy();
}

const script = (rel: string) => fileURLToPath(new URL(rel, import.meta.url));
const children: Array<{ name: string; child: ChildProcess }> = [
  {
    name: 'api',
    child: spawn(process.execPath, [script('../api/src/main.js')], { stdio: 'inherit', env: process.env }),
  },
  ...Array.from({ length: workers }, (_, i) => ({
    name: `worker-${i + 1}`,
    child: spawn(process.execPath, [script('../worker/src/main.js')], { stdio: 'inherit', env: process.env }),
  })),
];

let stopping = false;
let exitCode = 0;
const stopAll = (code: number) => {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const { child } of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
};
for (const { name, child } of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`${name} stopped (${signal ?? `exit ${code}`}); stopping the others\n`);
      stopAll(code === 0 ? 1 : (code ?? 1));
    }
    if (children.every((c) => c.child.exitCode !== null || c.child.signalCode !== null)) process.exit(exitCode);
  });
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));
