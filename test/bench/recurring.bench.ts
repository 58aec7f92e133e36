/**
 * Recurring view: median and p95 of its reads at 100k plans (80k donors), against the API as a real process.
 * The plans are written straight into the read model in the shapes the projection writes: 80% active, 5% past
 * due, 3% paused, 10% canceled (ended over the last 90 days), 2% incomplete; 70% monthly, 20% quarterly, 10% annual.
 * Targets: summary <= 50 ms p95, a page of plans (first, filtered, or 1,000 pages deep) <= 20 ms p95,
 * one donor's plans <= 20 ms p95.
 * Run: `npm run bench -- recurring [--plans 100000] [--n 300]`
 */
import { rebuildPlanTotals } from '../../core/src/read-model/plan-totals.js';
import { adminSession, baseEnv, freshDatabase, postgresVersion, startApi, timeGets } from './lib/env.js';
import { log } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport, type Target } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const arg = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
const PLANS = arg('--plans') ?? 100_000;
const DONORS = Math.round(PLANS * 0.8);
const N = arg('--n') ?? 300;

const { url, pool } = await freshDatabase('school_bench_recurring');
const started = Date.now();
// Loaded as the bulk loader does: triggers off, then the plan totals rebuilt once.
const load = await pool.connect();
await load.query(`SET session_replication_role = replica`);
await load.query(
  `INSERT INTO donors (id, name, email, created, last_event_created)
   SELECT 'cus_bench' || lpad(i::text, 7, '0'), 'Donor ' || i, 'donor' || i || '@example.org', now() - (i % 1000) * interval '1 day', 1
     FROM generate_series(1, $1) i`,
  [DONORS],
);
// i % 100 picks the status band, i % 10 the frequency; created spreads over three years, one plan a few minutes apart.
await load.query(
  `INSERT INTO subscriptions (id, customer_id, status, interval, interval_count, frequency, amount, currency, current_period_start,
     current_period_end, cancel_at_period_end, canceled_at, start_date, ended_at, pause_collection, metadata, created, last_event_created, state_rank)
   SELECT 'sub_bench' || lpad(i::text, 7, '0'), 'cus_bench' || lpad((1 + i % $2)::text, 7, '0'),
          CASE WHEN b < 80 THEN 'active' WHEN b < 85 THEN 'past_due' WHEN b < 88 THEN 'active' WHEN b < 98 THEN 'canceled' ELSE 'incomplete' END,
          CASE WHEN f = 9 THEN 'year' ELSE 'month' END, CASE WHEN f IN (7, 8) THEN 3 ELSE 1 END,
          CASE WHEN f = 9 THEN 'annual' WHEN f IN (7, 8) THEN 'quarterly' ELSE 'monthly' END,
          (1 + i % 20) * 500, 'usd', now() - interval '10 days', now() + interval '20 days', b % 40 = 1,
          CASE WHEN b BETWEEN 88 AND 97 THEN now() - (i % 90) * interval '1 day' END,
          start_at, CASE WHEN b BETWEEN 88 AND 97 THEN now() - (i % 90) * interval '1 day' END,
          CASE WHEN b BETWEEN 85 AND 87 THEN '{"behavior": "void", "resumes_at": null}'::jsonb END,
          '{}'::jsonb, start_at, 1, CASE WHEN b BETWEEN 88 AND 97 THEN 3 WHEN b >= 98 THEN 1 ELSE 2 END
     FROM (SELECT i, i % 100 AS b, i % 10 AS f, now() - interval '3 years' + i * (interval '3 years' / $1) AS start_at FROM generate_series(1, $1) i) g`,
  [PLANS, DONORS],
);
// Failed renewals of the past-due plans.
await load.query(
  `INSERT INTO invoices (id, customer_id, subscription_id, status, amount_paid, amount_due, attempt_count, next_payment_attempt, created, last_event_created)
   SELECT 'in_' || substr(id, 5), customer_id, id, 'open', 0, amount, 2, now() + interval '2 days', now() - interval '3 days', 1
     FROM subscriptions WHERE plan_status = 'past_due'`,
);
await load.query(`RESET session_replication_role`);
load.release();
await rebuildPlanTotals(pool);
// As autovacuum leaves a table after a load: visibility map set (index-only scans), plan_totals' dead rows gone.
await pool.query('VACUUM ANALYZE');
log(`loaded ${fmtInt(PLANS)} plans, ${fmtInt(DONORS)} donors in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const token = await adminSession(pool);
const sample = (await pool.query(`SELECT customer_id FROM subscriptions ORDER BY md5(id) LIMIT 500`)).rows.map(
  (r) => r.customer_id,
);
// The cursor the API hands out after the plan at this depth, made as the service makes it.
const [deep] = (
  await pool.query(
    `SELECT to_char(created AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id AS c FROM subscriptions ORDER BY created DESC, id DESC OFFSET 50000 LIMIT 1`,
  )
).rows;
const deepCursor = Buffer.from(deep.c).toString('base64url');
const api = await startApi(baseEnv(url));
let i = 0;
const endpoints: [string, () => string][] = [
  ['GET /api/admin/recurring/summary', () => `${api.url}/api/admin/recurring/summary`],
  ['GET /api/admin/recurring/plans (first page)', () => `${api.url}/api/admin/recurring/plans`],
  ['GET /api/admin/recurring/plans?status=past_due', () => `${api.url}/api/admin/recurring/plans?status=past_due`],
  [
    'GET /api/admin/recurring/plans?cursor=<1,000 pages deep>',
    () => `${api.url}/api/admin/recurring/plans?cursor=${deepCursor}`,
  ],
  ['GET /api/admin/donors/:id/plans', () => `${api.url}/api/admin/donors/${sample[i++ % sample.length]}/plans`],
];
const rows: Row[] = [];
const p95 = new Map<string, number>();
try {
  for (const [label, u] of endpoints) {
    const s = summarize(await timeGets(u, token, N, 20));
    p95.set(label, s.p95);
    rows.push({
      plans: fmtInt(PLANS),
      endpoint: label,
      median: round(s.median),
      p95: round(s.p95),
      p99: round(s.p99),
      'req/s (1 client)': round(1000 / s.mean, 0),
    });
    log(`${label}: median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)}`);
  }
} finally {
  await api.stop();
  await pool.end();
}

const target = (label: string, ms: number): Target => ({
  what: `${label} p95 at ${fmtInt(PLANS)} plans`,
  target: `<= ${ms} ms`,
  measured: fmtMs(p95.get(label)!),
  met: p95.get(label)! <= ms,
});
writeReport({
  name: 'recurring',
  title:
    "Recurring view: the admin's plan figures and pages from the read model (milliseconds, one client, keep-alive)",
  dataSize: `${fmtInt(PLANS)} plans, ${fmtInt(DONORS)} donors`,
  command: `npm run bench -- recurring --plans ${PLANS}`,
  machine: machine(await postgresVersion()),
  tables: [{ title: `latency in ms over ${N} sequential requests after 20 warm-up requests`, rows }],
  targets: [
    target('GET /api/admin/recurring/summary', 50),
    target('GET /api/admin/recurring/plans (first page)', 20),
    target('GET /api/admin/recurring/plans?status=past_due', 20),
    target('GET /api/admin/recurring/plans?cursor=<1,000 pages deep>', 20),
    target('GET /api/admin/donors/:id/plans', 20),
  ],
  notes: [
    'API as a child process (node dist-dev/api/src/main.js, NODE_ENV=production, LOG_LEVEL=info) over its own database.',
    "Pages of plans do not count (the summary's byStatus does, from plan_totals); donor plans rotate over 500 random donors.",
    'The machine is shared: its load average (above) stretches every figure; compare runs at similar load.',
  ],
});
