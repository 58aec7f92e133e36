/**
 * `npm run lighthouse`: Lighthouse 12 (mobile preset, simulated throttling) on Home and Donate, with Debian's
 * Chromium. Prints the four category scores per page (the median of LH_RUNS runs, default 3, as Lighthouse
 * advises for its variance) and exits 1 when a page misses the bars: performance >= 95, accessibility 100,
 * best practices >= 95, SEO 100.
 *
 * It starts its own server (fresh database, Stripe emulator, API serving web/dist; demo mode, so the Donate
 * page's card field works offline) and so needs Postgres and Redis like the tests do. LH_URL=http://host:port measures an already running server instead.
 */
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadEnv } from '../../core/src/config/load-env.js';
import { createApiApp } from '../../api/src/create-api-app.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { runMigrations } from '../../core/src/db/data-source.js';
import { chromiumChoice } from '../helpers/chromium-executable.js';
import { adminQuery } from '../helpers/database.js';
import { databaseUrl, TEST_REDIS_URL } from '../helpers/services.js';
import { startEmulator } from '../../dev/stripe-emulator/src/index.js';
import { migrations } from '../../migrations/index.js';

const PAGES = ['/', '/donate'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const BARS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
};

type Scores = Record<(typeof CATEGORIES)[number], number>;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function audit(url: string, port: number): Promise<{ scores: Scores; failing: string[]; metrics: string }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Scores;
  // The audits that cost points, to make a low score actionable.
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
  const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?';
  const metrics = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`;
  return { scores, failing, metrics };
}

/**
 * A throw-away server in demo mode: its own migrated database (not the test template, which test runs drop and
 * recreate), the Stripe emulator and the API serving web/dist. No worker: nothing here needs webhooks.
 */
async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const name = `school_lighthouse_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  await runMigrations(databaseUrl(name), migrations);
  const emulator = await startEmulator({ port: 0 });
  const env = loadEnv({
    DATABASE_URL: databaseUrl(name),
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: `lighthouse${process.pid}`,
    STRIPE_SECRET_KEY: emulator.secretKey,
    STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
    STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
    STRIPE_API_BASE: emulator.url,
    STRIPE_JS_URL: `${emulator.url}/js/v3`,
    PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const api = await createApiApp(env, createLogger('silent', 'lighthouse'));
  await api.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${(api.getHttpServer().address() as AddressInfo).port}`;
  return {
    url,
    stop: async () => {
      await api.close().catch(() => undefined);
      await emulator.stop().catch(() => undefined);
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    },
  };
}

async function main(): Promise<void> {
  const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
  let base = process.env.LH_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!base) {
    const server = await startServer();
    base = server.url;
    stop = server.stop;
  }
  const browser = await chromiumChoice();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.path,
    chromeFlags: [...browser.args.filter((f) => !f.startsWith('--headless')), '--headless=new'],
  });
  let ok = true;
  try {
    console.log(`Lighthouse ${runs} run(s) per page, mobile preset, against ${base}`);
    console.log(`${'page'.padEnd(10)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
    for (const path of PAGES) {
      const all: Scores[] = [];
      const failing = new Set<string>();
      const metrics: string[] = [];
      for (let i = 0; i < runs; i++) {
        // One retry: on a busy machine Chromium occasionally reports NO_FCP for a page that renders fine.
        const r = await audit(`${base}${path}`, chrome.port).catch(() => audit(`${base}${path}`, chrome.port));
        all.push(r.scores);
        metrics.push(r.metrics);
        r.failing.forEach((f) => failing.add(f.replace(/ \(.*\)$/, '')));
      }
      const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(all.map((s) => s[c]))])) as Scores;
      const line = CATEGORIES.map((c) => `${med[c]}${med[c] < BARS[c] ? '!' : ''}`.padStart(15)).join('');
      console.log(`${path.padEnd(10)} ${line}`);
      if (runs > 1)
        console.log(`${''.padEnd(10)} runs: ${all.map((s) => CATEGORIES.map((c) => s[c]).join('/')).join('  ')}`);
      for (const m of metrics) console.log(`${''.padEnd(10)} ${m}`);
      if (failing.size) console.log(`${''.padEnd(10)} below 0.9: ${[...failing].join(', ')}`);
      if (CATEGORIES.some((c) => med[c] < BARS[c])) ok = false;
    }
  } finally {
    chrome.kill();
    await stop?.();
  }
  console.log(ok ? 'All pages meet the bars.' : `Below the bars (${JSON.stringify(BARS)}).`);
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
