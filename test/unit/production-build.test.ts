import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * What ships: `npm run build` (and the Docker image, which runs it) compiles tsconfig.build.json. This builds it
 * into a scratch directory and lists the tree: only api, worker, core, migrations and ops, and no test or dev code,
 * even when something in them imports it (tsc emits every file a program reaches).
 */
const SHIPPED = ['api', 'core', 'migrations', 'ops', 'worker'];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : [p];
  });
}

describe('the production build', () => {
  const out = mkdtempSync(path.join(tmpdir(), 'school-dist-'));
  let emitted: string[] = [];

  beforeAll(() => {
    execFileSync(
      process.execPath,
      ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out, '--sourceMap', 'false'],
      { stdio: 'pipe' },
    );
    emitted = files(out).map((f) => path.relative(out, f));
  }, 180_000);

  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('is what npm run build compiles', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    expect(scripts.build).toContain('npm run build:server');
    expect(scripts['build:server']).toBe('tsc -p tsconfig.build.json');
  });

  it('holds the entry points of the API, the worker, the migrations, the production launcher and the admin scripts', () => {
    for (const entry of [
      'api/src/main.js',
      'worker/src/main.js',
      'ops/migrate.js',
      'api/src/cli/admin-create.js',
      'worker/src/cli/backfill.js',
      'worker/src/cli/replay.js',
      'worker/src/cli/stripe-setup.js',
      'ops/start-production.js',
      'ops/db-backup.js',
      'ops/db-restore.js',
    ]) {
      expect(emitted).toContain(entry);
    }
  });

  it('contains only api, worker, core, migrations and ops: no test, dev tooling, spec or emulator code', () => {
    const outside = emitted.filter((f) => !SHIPPED.includes(f.split(path.sep)[0]));
    expect(outside).toEqual([]);
    expect(
      emitted.filter((f) => /\.(spec|test)\.js$/.test(f) || /stripe-emulator|launcher|demo-history/.test(f)),
    ).toEqual([]);
  });
});
