/**
 * Benchmark 2, analytics growth: p95 of the dashboard's three hot reads at 10k, 100k and 1M charges
 * (100k donors at the top), against the API as a real process over a bulk-loaded read model.
 * Targets (issue 6): analytics <= 50 ms p95 and flat (1M/10k <= 1.5), donors page <= 50 ms, donor transactions <= 20 ms.
 * Run: `npm run bench -- analytics-growth [--sizes 10000,100000,1000000] [--n 300]`
 */
import { adminSession, baseEnv, postgresVersion, startApi, timeGets } from './lib/env.js';
import { dataset, log, sizesFromArgs } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport, type Target } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const sizes = sizesFromArgs([10_000, 100_000, 1_000_000]);
const N = Number(process.argv[process.argv.indexOf('--n') + 1]) || 300;

const rows: Row[] = [];
const p95 = new Map<string, number>();
const sizesText: Record<string, string> = {};
for (const size of sizes) {
  const ds = await dataset(size, { log });
  sizesText[fmtInt(size)] = ds.describe;
  const token = await adminSession(ds.pool);
  // Donors with many gifts and donors with one: a random sample, as an admin clicks around.
  const sample = (
    await ds.pool.query(`SELECT customer_id FROM donor_totals ORDER BY md5(customer_id) LIMIT 500`)
  ).rows.map((r) => r.customer_id);
  const names = (
    await ds.pool.query(`SELECT split_part(name, ' ', 2) AS q FROM donors ORDER BY md5(id) LIMIT 50`)
  ).rows.map((r) => r.q);
  const api = await startApi(baseEnv(ds.url));
  let i = 0;
  const pick = <T>(xs: T[]) => xs[i++ % xs.length];
  const endpoints: [string, () => string][] = [
    ['GET /api/stripe/analytics', () => `${api.url}/api/stripe/analytics`],
    ['GET /api/stripe/customers (first page)', () => `${api.url}/api/stripe/customers`],
    ['GET /api/stripe/customers?page=20', () => `${api.url}/api/stripe/customers?page=20`],
    [
      'GET /api/stripe/customers?q=<last name>',
      () => `${api.url}/api/stripe/customers?q=${encodeURIComponent(pick(names))}`,
    ],
    [
      'GET /api/stripe/customer/:id/transactions',
      () => `${api.url}/api/stripe/customer/${pick(sample)}/transactions?timeframe=all`,
    ],
    ['GET /api/stripe/customer/:id', () => `${api.url}/api/stripe/customer/${pick(sample)}`],
  ];
  try {
    for (const [label, url] of endpoints) {
      const s = summarize(await timeGets(url, token, N, 20));
      p95.set(`${size}:${label}`, s.p95);
      rows.push({
        charges: fmtInt(ds.load.charges),
        endpoint: label,
        median: round(s.median),
        p95: round(s.p95),
        p99: round(s.p99),
        'req/s (1 client)': round(1000 / s.mean, 0),
      });
      log(`${fmtInt(size)} ${label}: median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)}`);
    }
  } finally {
    await api.stop();
    await ds.pool.end();
  }
}

const top = sizes[sizes.length - 1];
const bottom = sizes[0];
const at = (label: string, size = top) => p95.get(`${size}:${label}`) ?? NaN;
const ratio = at('GET /api/stripe/analytics') / at('GET /api/stripe/analytics', bottom);
const targets: Target[] = [
  {
    what: `analytics p95 at ${fmtInt(top)} charges`,
    target: '<= 50 ms',
    measured: fmtMs(at('GET /api/stripe/analytics')),
    met: at('GET /api/stripe/analytics') <= 50,
  },
  {
    what: `analytics p95 ratio ${fmtInt(top)} / ${fmtInt(bottom)}`,
    target: '<= 1.5',
    measured: ratio.toFixed(2),
    met: ratio <= 1.5,
  },
  {
    what: `donors page p95 at ${fmtInt(top)} charges`,
    target: '<= 50 ms',
    measured: fmtMs(at('GET /api/stripe/customers (first page)')),
    met: at('GET /api/stripe/customers (first page)') <= 50,
  },
  {
    what: `donor transactions p95 at ${fmtInt(top)} charges`,
    target: '<= 20 ms',
    measured: fmtMs(at('GET /api/stripe/customer/:id/transactions')),
    met: at('GET /api/stripe/customer/:id/transactions') <= 20,
  },
];
writeReport({
  name: 'analytics-growth',
  title:
    'Analytics growth: dashboard reads from the read model as the history grows (milliseconds, one client, keep-alive)',
  dataSize: sizesText,
  command: `npm run bench -- analytics-growth --sizes ${sizes.join(',')}`,
  machine: machine(await postgresVersion()),
  tables: [{ title: `latency in ms over ${N} sequential requests after 20 warm-up requests`, rows }],
  targets,
  notes: [
    'API as a child process (node dist-dev/api/src/main.js, NODE_ENV=production, LOG_LEVEL=info: one log line per request as in production) over its own bulk-loaded database.',
    'Transactions and single-donor requests rotate over 500 random donors; search rotates over 50 last names.',
  ],
});
