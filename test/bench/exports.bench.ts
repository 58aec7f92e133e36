/**
 * Benchmark 5, exports: the year's tax CSV with about 100,000 rows (time to the last byte, peak memory of
 * the API process) and the year-end PDF of a donor with 500 gifts in that year.
 * Targets (issue 6/9): 100,000-row CSV streamed in <= 3 s with flat memory (RSS sampled as it streams); PDF <= 300 ms.
 * Run: `npm run bench -- exports`
 */
import { insertColumns } from '../fixtures/loaders/bulk.js';
import { CHARGE_COLUMNS } from '../fixtures/loaders/bulk-rows.js';
import { rebuildAggregates } from '../fixtures/loaders/bulk.js';
import { adminSession, baseEnv, postgresVersion, startApi, type Proc } from './lib/env.js';
import { dataset, log } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const year = new Date().getUTCFullYear() - 1;
// One whole calendar year (last year) of history: about 100,000 gifts fall in it.
const ds = await dataset(98_500, { months: 12, endDate: new Date(Date.UTC(year + 1, 0, 1)), suffix: `y${year}`, log });

// A donor with 500 gifts that year (a weekly giver with a few extra gifts), added once.
const donor = (await ds.pool.query(`SELECT id, name FROM donors ORDER BY id LIMIT 1`)).rows[0];
const [have] = (
  await ds.pool.query(`SELECT count(*)::int AS n FROM charges WHERE customer_id = $1 AND id LIKE 'ch_bench500_%'`, [
    donor.id,
  ])
).rows;
if (have.n < 500) {
  const cols: Record<string, unknown[]> = Object.fromEntries(CHARGE_COLUMNS.map((c) => [c.name, []]));
  const start = Date.UTC(year, 0, 1, 15);
  for (let i = 0; i < 500; i++) {
    const at = start + Math.floor((i * 364 * 86_400_000) / 500);
    const row: Record<string, unknown> = {
      id: `ch_bench500_${i}`,
      payment_intent_id: `pi_bench500_${i}`,
      subscription_id: null,
      customer_id: donor.id,
      amount: 2500 + (i % 7) * 500,
      amount_refunded: 0,
      currency: 'usd',
      status: 'succeeded',
      paid: true,
      refunded: false,
      disputed: false,
      dispute_status: null,
      failure_message: null,
      brand: 'visa',
      last4: '4242',
      billing_name: donor.name,
      billing_email: null,
      receipt_url: null,
      frequency: 'one-time',
      donation_type: 'one-time',
      metadata: '{}',
      created: at,
      last_event_created: Math.floor(at / 1000),
      state_rank: 3,
    };
    for (const c of CHARGE_COLUMNS) cols[c.name].push(row[c.name] ?? null);
  }
  await insertColumns(ds.pool, 'charges', CHARGE_COLUMNS, cols);
  await rebuildAggregates(ds.pool);
  await ds.pool.query('ANALYZE charges');
}
const [gifts] = (
  await ds.pool.query(
    `SELECT (SELECT count(*) FROM charges WHERE status = 'succeeded' AND created >= $1 AND created < $2)::int AS card,
          (SELECT count(*) FROM manual_donations WHERE donation_date >= $1 AND donation_date < $2)::int AS manual,
          (SELECT count(*) FROM charges WHERE customer_id = $3 AND status = 'succeeded' AND created >= $1 AND created < $2)::int AS donor`,
    [`${year}-01-01T06:00:00Z`, `${year + 1}-01-01T06:00:00Z`, donor.id],
  )
).rows;

const token = await adminSession(ds.pool);
/**
 * GETs `path` from `server` as the admin and reads the body to its end (time to the last byte). `onLines` is
 * called as the line count crosses each multiple of `every` (to sample memory mid-stream).
 */
async function download(
  server: Proc,
  path: string,
  progress?: { every: number; onLines: (lines: number) => Promise<void> },
) {
  const t = performance.now();
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  let bytes = 0;
  let lines = 0;
  let nextMark = progress?.every ?? Infinity;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    if (lines >= nextMark) {
      nextMark += progress!.every;
      await progress!.onLines(lines);
    }
  }
  if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}`);
  return { ms: performance.now() - t, bytes, lines };
}

const api = await startApi(baseEnv(ds.url));
const rows: Row[] = [];
let csvMedian: number;
let pdfP95: number;
let peakGrowth: number;
let capped: { ms: number; rows: number; peak: number } | undefined;
let csvRows: number;
let memoryCurve: Row[];
try {
  const get = (path: string, progress?: Parameters<typeof download>[2]) => download(api, path, progress);
  await get(`/api/stripe/analytics`); // warm the process
  const rssBefore = await api.rssMiB();
  const peakBefore = await api.peakRssMiB();
  // Memory while the first export streams: the API's RSS at every tenth of the rows. Flat means it stops
  // growing once the first batches have gone out, whatever the number of rows still to come.
  const expected = gifts.card + gifts.manual;
  const curve: { lines: number; rss: number }[] = [{ lines: 0, rss: rssBefore }];
  const csv = [];
  csv.push(
    await get(`/api/admin/tax-exports/bulk-report/${year}`, {
      every: Math.ceil(expected / 10),
      onLines: async (lines) => void curve.push({ lines, rss: await api.rssMiB() }),
    }),
  );
  curve.push({ lines: csv[0].lines, rss: await api.rssMiB() });
  for (let i = 0; i < 2; i++) csv.push(await get(`/api/admin/tax-exports/bulk-report/${year}`));
  const peakAfter = await api.peakRssMiB();
  peakGrowth = peakAfter - rssBefore;
  const s = summarize(csv.map((c) => c.ms));
  csvMedian = s.median;
  csvRows = csv[0].lines - 1;
  rows.push({
    export: `tax CSV ${year} (bulk-report)`,
    rows: fmtInt(csv[0].lines - 1),
    MB: round(csv[0].bytes / 1e6, 1),
    runs: 3,
    'median ms': round(s.median, 0),
    'max ms': round(s.max, 0),
    'rows/s': fmtInt((csv[0].lines - 1) / (s.median / 1000)),
    'API RSS before, MiB': round(rssBefore, 0),
    'API peak RSS after, MiB': round(peakAfter, 0),
    'peak before, MiB': round(peakBefore, 0),
  });
  log(
    `CSV: ${fmtInt(csv[0].lines - 1)} rows in ${fmtMs(s.median)}, peak RSS ${round(peakAfter, 0)} MiB (from ${round(rssBefore, 0)})`,
  );
  memoryCurve = curve.map((c) => ({ 'rows sent': fmtInt(c.lines), 'API RSS, MiB': round(c.rss, 0) }));
  log(`CSV memory: ${curve.map((c) => round(c.rss, 0)).join(' -> ')} MiB`);

  const irs = [];
  for (let i = 0; i < 3; i++) irs.push(await get(`/api/admin/tax-exports/irs-receipts/${year}`));
  const si = summarize(irs.map((c) => c.ms));
  rows.push({
    export: `IRS receipts CSV ${year}`,
    rows: fmtInt(irs[0].lines - 1),
    MB: round(irs[0].bytes / 1e6, 2),
    runs: 3,
    'median ms': round(si.median, 0),
    'max ms': round(si.max, 0),
  });

  const pdf = [];
  for (let i = 0; i < 35; i++) {
    const r = await get(`/api/admin/tax-exports/year-end/${donor.id}/${year}`);
    if (i >= 5) pdf.push(r);
  }
  const sp = summarize(pdf.map((p) => p.ms));
  pdfP95 = sp.p95;
  rows.push({
    export: `year-end PDF, donor with ${gifts.donor} gifts`,
    runs: 30,
    'median ms': round(sp.median),
    'p95 ms': round(sp.p95),
    'p99 ms': round(sp.p99),
    'max ms': round(sp.max),
    MB: round(pdf[0].bytes / 1e6, 2),
  });
  log(`PDF: median ${fmtMs(sp.median)}, p95 ${fmtMs(sp.p95)}`);
} finally {
  await api.stop();
}

// Flat memory, tested: the same export from an API whose V8 old space is capped at HEAP_CAP_MIB. The CSV alone is
// ~16 MB of text and the year's rows as objects far more, so an export that gathered its rows or its text before
// sending would die of heap exhaustion here; a streamed one completes. (RSS above grows between collections
// because V8 sizes its heap to the allocation rate; the cap shows how little of that is needed.)
const HEAP_CAP_MIB = 80;
const cappedApi = await startApi(baseEnv(ds.url), { nodeArgs: [`--max-old-space-size=${HEAP_CAP_MIB}`] });
try {
  const r = await download(cappedApi, `/api/admin/tax-exports/bulk-report/${year}`);
  capped = { ms: r.ms, rows: r.lines - 1, peak: await cappedApi.peakRssMiB() };
  rows.push({
    export: `tax CSV ${year}, API heap capped at ${HEAP_CAP_MIB} MiB`,
    rows: fmtInt(capped.rows),
    runs: 1,
    'median ms': round(capped.ms, 0),
    'API peak RSS after, MiB': round(capped.peak, 0),
  });
  log(`CSV with the heap capped at ${HEAP_CAP_MIB} MiB: ${fmtInt(capped.rows)} rows in ${fmtMs(capped.ms)}`);
} catch (err) {
  log(`CSV with the heap capped at ${HEAP_CAP_MIB} MiB: failed (${(err as Error).message})`);
} finally {
  await cappedApi.stop();
  await ds.pool.end();
}

writeReport({
  name: 'exports',
  title: `Exports: the ${year} tax CSVs and a year-end PDF`,
  dataSize: `${ds.describe}; ${fmtInt(gifts.card)} card gifts + ${fmtInt(gifts.manual)} manual gifts in ${year}; one donor with ${gifts.donor} gifts in ${year}`,
  command: 'npm run bench -- exports',
  machine: machine(await postgresVersion()),
  tables: [
    { title: 'time to the last byte (ms), API process memory', rows },
    { title: 'API memory while the first tax CSV streams (RSS at every tenth of the rows)', rows: memoryCurve },
  ],
  targets: [
    { what: '~100,000-row tax CSV, median time', target: '<= 3 s', measured: fmtMs(csvMedian), met: csvMedian <= 3000 },
    // Flat: once the first fifth of the rows has gone out, the process grows no further (a leak or a buffered
    // export would keep growing with every row). The warm-up growth before that is the heap sizing itself to
    // the allocation rate, reported as peak RSS growth.
    {
      what: `flat memory: the same CSV from an API whose heap is capped at ${HEAP_CAP_MIB} MiB`,
      target: 'every row, no crash',
      measured: capped
        ? `${fmtInt(capped.rows)} rows in ${fmtMs(capped.ms)} (uncapped: peak RSS +${round(peakGrowth, 0)} MiB between collections)`
        : 'failed',
      met: !!capped && capped.rows === csvRows,
    },
    { what: 'year-end PDF with 500 gifts, p95', target: '<= 300 ms', measured: fmtMs(pdfP95), met: pdfP95 <= 300 },
  ],
  notes: [
    "API as a child process (node dist-dev/api/src/main.js, NODE_ENV=production); peak RSS is the process's VmHWM from /proc.",
  ],
});
