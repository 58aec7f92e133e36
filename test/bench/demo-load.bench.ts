/**
 * Demo load: how long `npm start`'s first run takes to load its demo history (about 2 years, 300 donors)
 * through the real path (emulator -> signed webhooks -> API -> queue -> worker), with API, worker and
 * emulator as separate processes.
 * Run: `npm run bench -- demo-load [--donors 300] [--months 24]`
 */
import Stripe from 'stripe';
import { generateHistory } from '../../dev/demo-history/generator/index.js';
import { loadDemoHistory } from '../../dev/demo-history/real-path.js';
import {
  adminSession,
  baseEnv,
  freshDatabase,
  postgresVersion,
  startApi,
  startEmulatorProcess,
  startWorker,
} from './lib/env.js';
import { log } from './lib/datasets.js';
import { fmtInt, machine, writeReport } from './lib/report.js';
import { round, type Row } from './lib/stats.js';

const argNum = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const DONORS = argNum('--donors', 300);
const MONTHS = argNum('--months', 24);

const history = generateHistory({ seed: 1969, donors: DONORS, months: MONTHS, endDate: new Date() });
const db = await freshDatabase('school_bench_demo');
const token = await adminSession(db.pool);
const emu = await startEmulatorProcess();
const env = baseEnv(db.url, { STRIPE_API_BASE: emu.url });
const api = await startApi(env);
await fetch(`${emu.url}/_emulator/webhooks/urls`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ urls: [`${api.url}/api/stripe/webhook`] }),
});
const worker = await startWorker(env);
const phases: Row[] = [];
let seconds: number;
let events: number;
try {
  const stripe = new Stripe('sk_test_emulator_bench', {
    host: '127.0.0.1',
    port: Number(new URL(emu.url).port),
    protocol: 'http',
  });
  let phase = '';
  let phaseStart = Date.now();
  const result = await loadDemoHistory({
    stripe,
    emulatorUrl: emu.url,
    apiUrl: api.url!,
    adminToken: token,
    history,
    onProgress: (p) => {
      if (p.phase !== phase) {
        if (phase) phases.push({ phase, seconds: round((Date.now() - phaseStart) / 1000, 1) });
        log(p.line);
        phase = p.phase;
        phaseStart = Date.now();
      }
    },
  });
  seconds = result.seconds;
  events = (await db.pool.query(`SELECT count(*)::int AS n FROM stripe_events`)).rows[0].n;
  log(`loaded in ${seconds.toFixed(1)} s, ${fmtInt(events)} webhook events projected`);
} finally {
  await worker.stop();
  await api.stop();
  await emu.stop();
  await db.pool.end();
}
writeReport({
  name: 'demo-load',
  title: 'Demo history through the real path (what `npm start` loads on first run)',
  dataSize: `${fmtInt(history.donors.length)} donors, ${fmtInt(history.cardGifts.length)} card gifts, ${fmtInt(history.subscriptions.length)} plans, ${fmtInt(history.manualGifts.length)} manual gifts over ${MONTHS} months; ${fmtInt(events)} webhook events`,
  command: `npm run bench -- demo-load --donors ${DONORS} --months ${MONTHS}`,
  machine: machine(await postgresVersion()),
  tables: [{ title: 'phases (seconds)', rows: [...phases, { phase: 'total', seconds: round(seconds, 1) }] }],
  targets: [],
  notes: [
    'Emulator, API and worker are separate processes (as in `npm start`); the loader waits until every webhook is projected.',
  ],
});
