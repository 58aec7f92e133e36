/**
 * Benchmark: an appeal's progress read at 1M charges. The bulk-loaded read model (test/bench/lib/datasets.ts,
 * its own database school_bench_<n>_appeals) gets 12 appeals, a third of its succeeded charges credited to them
 * and the kept totals built by rebuildAppealTotals (what the projections would have left); then the public page's
 * read (GET /api/appeals/:slug through the API), the progress query alone (appeals.bySlug) and the Appeals report
 * (GET /api/admin/appeal-reports: every appeal's kept totals, its new donors among them) are timed.
 * Target: progress read p95 < 10 ms at 1M charges; the report p95 < 50 ms.
 * Run: `npm run bench -- appeals [--sizes 1000000] [--n 300]`
 */
import os from 'node:os';
import { appeals } from '../../core/src/appeals/appeals.repository.js';
import { rebuildAppealTotals } from '../../core/src/appeals/appeal-totals.js';
import { adminSession, baseEnv, postgresVersion, startApi, timeGets } from './lib/env.js';
import { dataset, log, sizesFromArgs } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport, type Target } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';
import { pgQueryable } from '../../core/src/db/queryable.js';

const sizes = sizesFromArgs([1_000_000]);
const N = Number(process.argv[process.argv.indexOf('--n') + 1]) || 300;
const APPEALS = 12;

const rows: Row[] = [];
const p95 = new Map<string, number>();
const sizesText: Record<string, string> = {};
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
for (const size of sizes) {
  const ds = await dataset(size, { log, suffix: 'appeals' });
  sizesText[fmtInt(size)] = ds.describe;
  const token = await adminSession(ds.pool);
  const db = pgQueryable(ds.pool);
  const slugs = Array.from({ length: APPEALS }, (_, i) => `bench-appeal-${i + 1}`);
  const existing = (await ds.pool.query(`SELECT count(*)::int AS n FROM appeals WHERE slug LIKE 'bench-appeal-%'`))
    .rows[0].n;
  if (existing < APPEALS) {
    log('crediting a third of the charges to the appeals');
    await ds.pool.query(
      `INSERT INTO appeals (slug, name, goal_kind, goal_cents, starts_at, ends_at, status, show_recent_gifts)
       SELECT s, 'Appeal ' || s, 'dollars', 50000000, now() - interval '2 years', now() + interval '30 days', 'published', true
         FROM unnest($1::text[]) s ON CONFLICT (slug) DO NOTHING`,
      [slugs],
    );
    await ds.pool.query(
      `WITH a AS (SELECT array_agg(id ORDER BY slug) AS ids FROM appeals WHERE slug LIKE 'bench-appeal-%')
       UPDATE charges c SET appeal_id = a.ids[1 + abs(hashtext(c.id)) % ${APPEALS}], show_name = abs(hashtext(c.id)) % 7 = 0
         FROM a WHERE abs(hashtext(c.id || 'x')) % 3 = 0`,
    );
    await rebuildAppealTotals(db);
    await ds.pool.query(`VACUUM ANALYZE charges`);
    await ds.pool.query(`VACUUM ANALYZE appeal_totals`);
  }
  const credited = (await ds.pool.query(`SELECT sum(gift_count)::int AS n FROM appeal_totals`)).rows[0].n;
  log(`${fmtInt(credited)} gifts credited to ${APPEALS} appeals`);

  // The progress query alone, from this process (one pooled connection, sequential).
  let i = 0;
  const sql: number[] = [];
  for (let k = 0; k < N + 20; k++) {
    const started = performance.now();
    if (!(await appeals.bySlug(db, slugs[i++ % slugs.length]))) throw new Error('appeal not found');
    if (k >= 20) sql.push(performance.now() - started);
  }
  const sqlS = summarize(sql);
  p95.set(`${size}:sql`, sqlS.p95);
  rows.push({
    charges: fmtInt(ds.load.charges),
    read: 'appeals.bySlug (progress: appeal + kept totals)',
    median: round(sqlS.median),
    p95: round(sqlS.p95),
    p99: round(sqlS.p99),
  });
  log(`${fmtInt(size)} progress query: median ${fmtMs(sqlS.median)}, p95 ${fmtMs(sqlS.p95)}`);

  const api = await startApi(baseEnv(ds.url));
  try {
    const s = summarize(await timeGets(() => `${api.url}/api/appeals/${slugs[i++ % slugs.length]}`, token, N, 20));
    p95.set(`${size}:api`, s.p95);
    rows.push({
      charges: fmtInt(ds.load.charges),
      read: 'GET /api/appeals/:slug (page data, recent named gifts)',
      median: round(s.median),
      p95: round(s.p95),
      p99: round(s.p99),
    });
    log(`${fmtInt(size)} GET /api/appeals/:slug: median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)}`);

    // The Appeals report: every appeal's kept totals, new donors included (appeal_totals.new_donor_count).
    const r = summarize(await timeGets(() => `${api.url}/api/admin/appeal-reports`, token, N, 20));
    p95.set(`${size}:report`, r.p95);
    rows.push({
      charges: fmtInt(ds.load.charges),
      read: `GET /api/admin/appeal-reports (${APPEALS} appeals, new donors kept with the totals)`,
      median: round(r.median),
      p95: round(r.p95),
      p99: round(r.p99),
    });
    log(`${fmtInt(size)} GET /api/admin/appeal-reports: median ${fmtMs(r.median)}, p95 ${fmtMs(r.p95)}`);
  } finally {
    await api.stop();
    await ds.pool.end();
  }
}

const top = sizes[sizes.length - 1];
const targets: Target[] = [
  {
    what: `appeal progress read p95 at ${fmtInt(top)} charges`,
    target: '< 10 ms',
    measured: fmtMs(p95.get(`${top}:sql`) ?? NaN),
    met: (p95.get(`${top}:sql`) ?? NaN) < 10,
  },
  {
    what: `GET /api/appeals/:slug p95 at ${fmtInt(top)} charges`,
    target: '< 10 ms',
    measured: fmtMs(p95.get(`${top}:api`) ?? NaN),
    met: (p95.get(`${top}:api`) ?? NaN) < 10,
  },
  {
    what: `GET /api/admin/appeal-reports p95 at ${fmtInt(top)} charges`,
    target: '< 50 ms',
    measured: fmtMs(p95.get(`${top}:report`) ?? NaN),
    met: (p95.get(`${top}:report`) ?? NaN) < 50,
  },
];
writeReport({
  name: 'appeals',
  title: "Appeals: an appeal's progress read from its kept totals (milliseconds, sequential)",
  dataSize: sizesText,
  command: `npm run bench -- appeals --sizes ${sizes.join(',')}`,
  machine: machine(await postgresVersion()),
  tables: [
    { title: `latency in ms over ${N} sequential reads after 20 warm-up reads (load average at start: ${load})`, rows },
  ],
  targets,
  notes: [
    'The progress is one row of appeal_totals by key, kept by the projections in the transaction of each gift; no read scans the charges.',
    'Recent named gifts read the newest credited charges through charges_appeal_idx (appeal, created DESC), five rows.',
    'New donors are kept with the totals (appeal_totals.new_donor_count, migration 1764880000000): the report reads one row per appeal. Counted at read time over appeal_donors and donor_totals, its SQL took 0.25-0.70 s at 1M charges.',
  ],
});
