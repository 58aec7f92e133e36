/**
 * `npm start`'s build step: the web app (vite, into web/dist) and the server with the dev tooling (tsc, into
 * dist-dev), side by side, each skipped when it finished after the last change to any file it is built from
 * (a stamp file written on success, compared with the newest source's mtime).
 *
 * The server is compiled with `--noCheck`: tsc emits the same JavaScript it emits after type-checking (the
 * output of both was compared file by file), at about half the CPU. Type errors are what `npm run typecheck`,
 * `npm test` and CI are for; starting the product does not wait for them. Plain JavaScript because it runs
 * before anything is compiled.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-dev', '.data', '.git', 'artifacts', 'results']);

/** The newest mtime (ms) of the files under these paths, skipping build outputs and dependencies. */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (!s.isDirectory()) {
      max = Math.max(max, s.mtimeMs);
      return;
    }
    for (const e of readdirSync(p, { withFileTypes: true })) {
      if (e.isDirectory() && SKIP_DIRS.has(e.name)) continue;
      visit(path.join(p, e.name));
    }
  };
  for (const p of paths) visit(p);
  return max;
}

const fresh = (stamp, sources) => existsSync(stamp) && statSync(stamp).mtimeMs > newest(sources);

function run(label, cmd, args) {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) {
        process.stdout.write(`${label} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
        resolve();
      } else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

const shared = ['package-lock.json', 'tsconfig.json'];
const steps = [
  {
    stamp: 'web/dist/.build-stamp',
    sources: ['web', ...shared],
    upToDate: 'The web app is up to date (web/dist).',
    build: () => run('Built the web app', 'npm', ['run', 'build', '-w', 'web', '--silent', '--', '--logLevel', 'warn']),
  },
  {
    stamp: 'dist-dev/.build-stamp',
    sources: ['core', 'api', 'worker', 'migrations', 'ops', 'dev', 'test', 'tsconfig.dev.json', ...shared],
    upToDate: 'The server is up to date (dist-dev).',
    build: () =>
      run('Compiled the server (type checks are `npm run typecheck`)', process.execPath, [
        'node_modules/typescript/bin/tsc',
        '-p',
        'tsconfig.dev.json',
        '--noCheck',
      ]),
  },
];

try {
  await Promise.all(
    steps.map(async (s) => {
      if (fresh(s.stamp, s.sources)) {
        process.stdout.write(`${s.upToDate}\n`);
        return;
      }
      await s.build();
      writeFileSync(s.stamp, '');
    }),
  );
} catch (err) {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
