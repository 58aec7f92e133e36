/**
 * Benchmark 1, read model vs live Stripe: the same analytics answer (a) from the read model through
 * GET /api/stripe/analytics and (b) by paging the Stripe API (limit=100) through the SDK against the emulator
 * and aggregating in memory; at 10k / 100k / 1M charges. Also what (b) would take against real Stripe at its
 * documented rate limits.
 * Run: `npm run bench -- read-model-vs-stripe [--sizes 10000,100000,1000000] [--emulator-max 100000]`
 * Sizes above --emulator-max are not seeded into the emulator (its in-memory store would need many GB):
 * (b) is then extrapolated from the largest measured per-page time, and marked so.
 */
import Stripe from 'stripe';
import { generateHistorySlices } from '../../dev/demo-history/generator/index.js';
import { adminSession, baseEnv, postgresVersion, startApi, startEmulatorProcess, timeGets } from './lib/env.js';
import { dataset, log, sizesFromArgs } from './lib/datasets.js';
import { fmtInt, fmtMs, machine, writeReport } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';
import { analyticsFromStripe } from './lib/stripe-aggregate.js';

const sizes = sizesFromArgs([10_000, 100_000, 1_000_000]);
const argNum = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const EMULATOR_MAX = argNum('--emulator-max', 100_000);
const LIVE_RATE = 100;
const TEST_RATE = 25;

async function postJson(url: string, body: unknown): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} -> ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

/** The same generated card history into the emulator, at its historical times, refunds and disputes included. */
async function seedEmulator(
  url: string,
  stripe: Stripe,
  history: Parameters<typeof generateHistorySlices>[0],
): Promise<void> {
  for (const slice of generateHistorySlices(history, 1000)) {
    const out = await postJson(`${url}/_emulator/seed`, {
      customers: slice.donors.map((d) => ({
        name: d.name,
        email: d.email,
        created: Math.floor(d.createdAt.getTime() / 1000),
      })),
    });
    const ids = new Map(slice.donors.map((d, i) => [d.key, out.customers[i]]));
    for (let i = 0; i < slice.cardGifts.length; i += 2000) {
      const batch = slice.cardGifts.slice(i, i + 2000);
      const seeded = await postJson(`${url}/_emulator/seed`, {
        charges: batch.map((g) => ({
          amount: g.amountCents,
          customer: ids.get(g.donorKey),
          created: Math.floor(g.at.getTime() / 1000),
          card: g.outcome === 'declined' ? 'declined' : g.brand,
          metadata: { frequency: g.frequency },
        })),
      });
      const work = batch
        .map((g, k) => [g, seeded.charges[k] as string] as const)
        .filter(([g]) => g.refundCents || g.disputed);
      for (const [g, id] of work) {
        if (g.refundCents) await stripe.refunds.create({ charge: id, amount: g.refundCents });
        else await postJson(`${url}/_emulator/charges/${id}/dispute`, {});
      }
    }
  }
}

const rows: Row[] = [];
const data: Record<string, string> = {};
let perPageMs = NaN;
const perPageSeen: string[] = [];
const notes: string[] = [];
for (const size of sizes) {
  const ds = await dataset(size, { log });
  data[fmtInt(size)] = ds.describe;
  const token = await adminSession(ds.pool);
  const api = await startApi(baseEnv(ds.url));
  const readModel = summarize(await timeGets(() => `${api.url}/api/stripe/analytics`, token, 100, 20));
  const [card] = (
    await ds.pool.query(
      `SELECT sum(amount)::bigint AS cents, sum(count)::int AS n FROM daily_totals WHERE source = 'card'`,
    )
  ).rows;
  await api.stop();
  await ds.pool.end();
  log(`${fmtInt(size)} (a) read model: median ${fmtMs(readModel.median)}, p95 ${fmtMs(readModel.p95)}`);

  const pages = Math.ceil(ds.load.charges / 100);
  let live: { median: number; p95: number; runs: number; measured: boolean; same: string };
  if (ds.load.charges <= EMULATOR_MAX * 1.05) {
    const emu = await startEmulatorProcess();
    try {
      const stripe = new Stripe('sk_test_emulator_bench', {
        host: '127.0.0.1',
        port: Number(new URL(emu.url).port),
        protocol: 'http',
        maxNetworkRetries: 0,
        timeout: 600_000,
      });
      const seedStart = Date.now();
      await seedEmulator(emu.url, stripe, ds.history);
      log(`${fmtInt(size)} emulator seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
      const runs = size <= 10_000 ? 5 : 2;
      const times: number[] = [];
      let answer;
      for (let r = 0; r < runs; r++) {
        const t = performance.now();
        answer = await analyticsFromStripe(stripe);
        times.push(performance.now() - t);
      }
      const s = summarize(times);
      // The smallest per-page time seen is the closest to the fixed cost of one SDK request (see the note).
      perPageSeen.push(`${(s.median / answer!.pages).toFixed(1)} ms at ${fmtInt(ds.load.charges)} charges`);
      perPageMs = Math.min(Number.isNaN(perPageMs) ? Infinity : perPageMs, s.median / answer!.pages);
      const same = answer!.totalCents === Number(card.cents) && answer!.count === card.n;
      live = {
        median: s.median,
        p95: s.p95,
        runs,
        measured: true,
        same: same ? 'yes' : `NO (${answer!.totalCents} vs ${card.cents})`,
      };
      log(
        `${fmtInt(size)} (b) live paging: ${answer!.pages} pages, median ${fmtMs(s.median)}; same answer: ${live.same}`,
      );
    } finally {
      await emu.stop();
    }
  } else {
    live = { median: perPageMs * pages, p95: NaN, runs: 0, measured: false, same: 'n/a' };
    notes.push(
      `(b) at ${fmtInt(size)} charges is a lower bound, not measured: ${fmtInt(pages)} pages x ${perPageMs.toFixed(2)} ms, the smallest per-page time measured.`,
    );
  }
  rows.push({
    charges: fmtInt(ds.load.charges),
    '(a) read model median ms': round(readModel.median),
    '(a) p95 ms': round(readModel.p95),
    '(a) p99 ms': round(readModel.p99),
    '(b) SDK paging, emulator, median ms': live.measured ? round(live.median, 0) : `>= ${fmtInt(live.median)}`,
    '(b) p95 ms': live.measured ? round(live.p95, 0) : 'extrapolated',
    pages: fmtInt(pages),
    '(b) / (a)': live.measured
      ? round(live.median / readModel.median, 0)
      : `>= ${fmtInt(live.median / readModel.median)}`,
    'same card total': live.same,
    'real Stripe live, 100 req/s, min s': round(pages / LIVE_RATE, 1),
    'real Stripe test mode / per-endpoint 25 req/s, min s': round(pages / TEST_RATE, 1),
  });
}

writeReport({
  name: 'read-model-vs-stripe',
  title:
    'Read model vs live Stripe: the same analytics answer from the read model vs paging /v1/charges (limit=100) and aggregating in memory',
  dataSize: data,
  command: `npm run bench -- read-model-vs-stripe --sizes ${sizes.join(',')} --emulator-max ${EMULATOR_MAX}`,
  machine: machine(await postgresVersion()),
  tables: [{ title: 'analytics answer time', rows }],
  targets: [],
  notes: [
    ...notes,
    'Real Stripe: https://docs.stripe.com/rate-limits documents a basic rate limit of 100 read operations per second in live mode and 25 in test mode (sandbox); current versions of that page also give individual endpoints a default of 25 requests per second. The minimum seconds shown are pages / rate and ignore network latency: cursor pagination (starting_after) is sequential, so each page also waits for its own round trip.',
    '(a) is the API process (node dist-dev/api/src/main.js) answering GET /api/stripe/analytics, 100 requests after 20 warm-ups. (b) is the stripe SDK against the emulator in its own process, whole answer timed end to end.',
    `The emulator re-sorts its whole charge store for every list page, so its per-page time grows with the store (${perPageSeen.join(', ')}); real Stripe pages in roughly constant time, which is why the real-Stripe columns use the documented rate limits instead.`,
    '"same card total": (b)\'s net card total and succeeded count equal the read model\'s card aggregates (the emulator holds the same generated charges, refunds and disputes; the read model adds manual gifts).',
  ],
});
