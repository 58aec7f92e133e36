/**
 * Benchmark 6, front end: the JavaScript and CSS each route downloads, gzipped (from web/dist and Vite's
 * manifest: the entry chunk and its static imports, plus the route's lazy chunk and its imports), and the
 * Lighthouse scores from test/bench/lighthouse.ts when it is built.
 * Run: `npm run bench -- front-end [--no-lighthouse]` (needs `npm run build:web` first; `npm run bench` builds).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmtInt, machine, writeReport } from './lib/report.js';
import type { Row } from './lib/stats.js';

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  dynamicImports?: string[];
}

const DIST = path.resolve('web/dist');
const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!existsSync(manifestPath))
  throw new Error('web/dist/.vite/manifest.json is missing: run `npm run build:web` first');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;

const ROUTES: [string, string | null][] = [
  ['/', null],
  ['/about', 'src/app/routes/about.tsx'],
  ['/programs', 'src/app/routes/programs.tsx'],
  ['/gallery', 'src/app/routes/gallery.tsx'],
  ['/donate', 'src/app/routes/donate.tsx'],
  ['/contact', 'src/app/routes/contact.tsx'],
  ['/stripe-data (admin, sign-in form)', 'src/app/routes/admin/dashboard.tsx'],
  ['/stripe-data after sign-in (+ charts)', 'src/features/analytics/components/analytics-tab.tsx'],
];

const sizeCache = new Map<string, { raw: number; gz: number }>();
function size(file: string): { raw: number; gz: number } {
  if (!sizeCache.has(file)) {
    const buf = readFileSync(path.join(DIST, file));
    sizeCache.set(file, { raw: buf.length, gz: gzipSync(buf, { level: 6 }).length });
  }
  return sizeCache.get(file)!;
}

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const i of manifest[key].imports ?? []) closure(i, seen);
  return seen;
}

const rows: Row[] = [];
const publicGz: number[] = [];
for (const [route, key] of ROUTES) {
  const keys = closure(entryKey);
  if (key) {
    closure(key, keys);
    if (route.includes('after sign-in')) closure('src/app/routes/admin/dashboard.tsx', keys);
  }
  const js = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const jsGz = js.reduce((s, f) => s + size(f).gz, 0);
  const cssGz = css.reduce((s, f) => s + size(f).gz, 0);
  const adminLeak =
    !route.startsWith('/stripe-data') && js.some((f) => /admin|dashboard|donor-profile|analytics/.test(f));
  if (!route.startsWith('/stripe-data')) publicGz.push(jsGz + cssGz);
  rows.push({
    route,
    'JS files': js.length,
    'JS kB gz': Number((jsGz / 1024).toFixed(1)),
    'JS kB raw': Number((js.reduce((s, f) => s + size(f).raw, 0) / 1024).toFixed(1)),
    'CSS kB gz': Number((cssGz / 1024).toFixed(1)),
    'total kB gz': Number(((jsGz + cssGz) / 1024).toFixed(1)),
    'admin code on a public page': adminLeak,
  });
}

const tables = [
  { title: 'per route: JS and CSS the browser downloads (gzip level 6; images and fonts not included)', rows },
];
const notes: string[] = [
  "Sizes come from web/dist as built by `npm run build:web`: the entry chunk and its static imports, plus the route's lazy chunk and its static imports.",
];
const lighthouse = path.resolve('dist-dev/test/bench/lighthouse.js');
if (process.argv.includes('--no-lighthouse')) notes.push('Lighthouse skipped (--no-lighthouse).');
else if (!existsSync(lighthouse))
  notes.push('Lighthouse not measured: dist-dev/test/bench/lighthouse.js is not built.');
else {
  const r = spawnSync(process.execPath, [lighthouse], {
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, LH_RUNS: process.env.LH_RUNS ?? '3' },
  });
  const out = `${r.stdout ?? ''}`;
  const scoreRows: Row[] = [];
  for (const line of out.split('\n')) {
    const m = /^(\/\S*)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*$/.exec(line);
    if (m)
      scoreRows.push({
        page: m[1],
        performance: Number(m[2]),
        accessibility: Number(m[3]),
        'best practices': Number(m[4]),
        SEO: Number(m[5]),
      });
  }
  if (scoreRows.length)
    tables.push({
      title: 'Lighthouse 12, mobile preset, simulated throttling (median of 3 runs; from test/bench/lighthouse.ts)',
      rows: scoreRows,
    });
  else notes.push(`Lighthouse gave no scores (exit ${r.status}): ${(r.stderr ?? '').slice(-300)}`);
  if (r.status !== 0 && scoreRows.length)
    notes.push('test/bench/lighthouse.ts reported a page below its bars (see its output above).');
  process.stdout.write(out);
}

writeReport({
  name: 'front-end',
  title: 'Front end: public JS/CSS per route (gzipped) and Lighthouse',
  dataSize: `web/dist: ${fmtInt(Object.keys(manifest).length)} manifest entries`,
  command: 'npm run bench -- front-end',
  machine: machine(),
  tables,
  targets: [
    {
      what: 'no admin code on a public route',
      target: 'none',
      measured: rows.some((r) => r['admin code on a public page']) ? 'admin chunks found' : 'none',
      met: !rows.some((r) => r['admin code on a public page']),
    },
  ],
  notes: [...notes, `Largest public route: ${(Math.max(...publicGz) / 1024).toFixed(1)} kB gzipped.`],
});
