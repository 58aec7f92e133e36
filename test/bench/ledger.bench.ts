/**
 * Benchmark: the Transactions tab's ledger (GET /api/stripe/transactions) over a bulk-loaded read model of
 * 1M charges and 100k donors: the first page, a deep page, each filter and the two kinds of search.
 * Target: p95 <= 100 ms for the page and filter reads at the largest size. Searches (by amount or name) are
 * reported, not targeted: their totals read every charge.
 * Run: `npm run bench -- ledger [--sizes 1000000] [--n 200]`
 */
import { adminSession, baseEnv, postgresVersion, startApi, timeGets } from './lib/env.js';
import { dataset, log, sizesFromArgs } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport, type Target } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const sizes = sizesFromArgs([1_000_000]);
const N = Number(process.argv[process.argv.indexOf('--n') + 1]) || 200;
const TARGETED = ['first page', 'page 20', 'status=failed', 'method=check', 'last calendar year'];

const rows: Row[] = [];
const p95 = new Map<string, number>();
const sizesText: Record<string, string> = {};
for (const size of sizes) {
  const ds = await dataset(size, { log });
  sizesText[fmtInt(size)] = ds.describe;
  const token = await adminSession(ds.pool);
  const names = (
    await ds.pool.query(`SELECT split_part(name, ' ', 2) AS q FROM donors ORDER BY md5(id) LIMIT 50`)
  ).rows.map((r) => r.q);
  const amounts = ['25', '50', '100', '250.00', '$1,000'];
  const lastYear = new Date().getFullYear() - 1;
  const api = await startApi(baseEnv(ds.url));
  let i = 0;
  const pick = <T>(xs: T[]) => xs[i++ % xs.length];
  const base = `${api.url}/api/stripe/transactions`;
  const endpoints: [string, () => string][] = [
    ['first page', () => base],
    ['page 20', () => `${base}?page=20`],
    ['status=failed', () => `${base}?status=failed`],
    ['method=check', () => `${base}?method=check`],
    ['last calendar year', () => `${base}?start_date=${lastYear}-01-01&end_date=${lastYear}-12-31`],
    ['q=<amount>', () => `${base}?q=${encodeURIComponent(pick(amounts))}`],
    ['q=<last name>', () => `${base}?q=${encodeURIComponent(pick(names))}`],
  ];
  try {
    for (const [label, url] of endpoints) {
      const s = summarize(await timeGets(url, token, N, 10));
      p95.set(`${size}:${label}`, s.p95);
      rows.push({
        charges: fmtInt(ds.load.charges),
        request: `GET /api/stripe/transactions ${label}`,
        median: round(s.median),
        p95: round(s.p95),
        p99: round(s.p99),
      });
      log(`${fmtInt(size)} ${label}: median ${fmtMs(s.median)}, p95 ${fmtMs(s.p95)}`);
    }
  } finally {
    await api.stop();
    await ds.pool.end();
  }
}

const top = sizes[sizes.length - 1];
const targets: Target[] = TARGETED.map((label) => {
  const v = p95.get(`${top}:${label}`) ?? NaN;
  return {
    what: `ledger ${label} p95 at ${fmtInt(top)} charges`,
    target: '<= 100 ms',
    measured: fmtMs(v),
    met: v <= 100,
  };
});
writeReport({
  name: 'ledger',
  title: 'Ledger: the Transactions tab read from the read model (milliseconds, one client, keep-alive)',
  dataSize: sizesText,
  command: `npm run bench -- ledger --sizes ${sizes.join(',')}`,
  machine: machine(await postgresVersion()),
  tables: [
    {
      title: `latency in ms over ${N} sequential requests after 10 warm-up requests (each answer is one page of 50 and the totals of every row matched)`,
      rows,
    },
  ],
  targets,
  notes: [
    'API as a child process (node dist-dev/api/src/main.js, NODE_ENV=production) over its own bulk-loaded database, the one analytics-growth uses.',
    'Totals of a date range and methods come from daily_totals plus the charges that did not succeed (charges_unsettled_idx); a search or a status filter counts the matching rows themselves.',
    'The dataset is vacuumed after loading (as autovacuum would have done), so the partial index is read index-only.',
  ],
});
