/**
 * Year-end statements by e-mail: every donor of a year (about 1,000) sent their statement, each rendered from
 * the read model into its PDF by the worker and delivered to a local SMTP sink, from the admin's click (POST
 * .../statements/{year}/send) to the last message recorded as sent. Rate, worker CPU and peak memory.
 * Target (issue 15): 1,000 statements in 2 minutes or less.
 * Run: `npm run bench -- statements-mail`
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { ignoreDroppedSenders } from '../helpers/smtp-catcher.js';
import { adminSession, baseEnv, postgresVersion, startApi, startWorker } from './lib/env.js';
import { dataset, log } from './lib/datasets.js';
import { fmtInt, machine, writeReport } from './lib/report.js';
import { round, type Row } from './lib/stats.js';

const year = new Date().getUTCFullYear() - 1;
// One whole calendar year (last year) of history for about 1,100 donors.
const ds = await dataset(11_000, {
  months: 12,
  endDate: new Date(Date.UTC(year + 1, 0, 1)),
  suffix: `mail${year}`,
  log,
});
// Each run starts from no statement sent; automatic acknowledgments stay off (this measures statements only).
await ds.pool.query(`DELETE FROM outbound_mail`);
await ds.pool
  .query(`INSERT INTO settings (key, value) VALUES ('acknowledgments.automatic', '{"enabled": false, "since": null}')
                     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);

// The sink: a real SMTP server that reads every message to its end and keeps only counts.
let received = 0;
let bytes = 0;
const sink = ignoreDroppedSenders(
  new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', (c: Buffer) => (bytes += c.length));
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  }),
);
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;

const env = baseEnv(ds.url, { SMTP_URL: smtpUrl });
const token = await adminSession(ds.pool);
const api = await startApi(env);
const worker = await startWorker(env);
const rows: Row[] = [];
let seconds: number;
let peak: number;
let donors: number;
try {
  const call = async (method: string, path: string) => {
    const res = await fetch(`${api.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const preview = await call('GET', `/api/admin/tax-exports/statements/${year}`);
  donors = preview.withEmail;
  log(`${fmtInt(preview.donors)} donors gave in ${year}, ${fmtInt(donors)} with an e-mail address`);
  const rssBefore = await worker.rssMiB();
  const cpuBefore = await worker.cpuMs();
  const t0 = performance.now();
  const queued = await call('POST', `/api/admin/tax-exports/statements/${year}/send`);
  const queuedMs = performance.now() - t0;
  let lastLog = 0;
  for (;;) {
    const run = await call('GET', `/api/admin/tax-exports/statements/${year}`);
    if (run.progress.sent + run.progress.failed >= donors) {
      if (run.progress.failed) throw new Error(`${run.progress.failed} statements failed`);
      break;
    }
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      log(
        `${fmtInt(run.progress.sent)} of ${fmtInt(donors)} sent after ${Math.round((performance.now() - t0) / 1000)} s`,
      );
    }
    if (performance.now() - t0 > 600_000) throw new Error('not all statements were sent within 10 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  seconds = (performance.now() - t0) / 1000;
  peak = await worker.peakRssMiB();
  const cpu = (await worker.cpuMs()) - cpuBefore;
  rows.push({
    statements: fmtInt(donors),
    'queued (ms)': round(queuedMs, 0),
    'all sent (s)': round(seconds, 1),
    'per second': round(donors / seconds, 1),
    'MB delivered': round(bytes / 1e6, 1),
    'worker CPU (s)': round(cpu / 1000, 1),
    'worker RSS before (MiB)': round(rssBefore, 0),
    'worker peak RSS (MiB)': round(peak, 0),
  });
  log(
    `${fmtInt(donors)} statements (${queued.queued} queued in ${Math.round(queuedMs)} ms) delivered in ${seconds.toFixed(1)} s; ${received} messages at the sink`,
  );
  if (received < donors) throw new Error(`the sink received ${received} of ${donors}`);
} finally {
  await worker.stop();
  await api.stop();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await ds.pool.end();
}

writeReport({
  name: 'statements-mail',
  title: `Year-end statements ${year} by e-mail, to a local SMTP sink`,
  dataSize: `${ds.describe}; ${fmtInt(donors)} donors of ${year} with an e-mail address`,
  command: 'npm run bench -- statements-mail',
  machine: machine(await postgresVersion()),
  tables: [{ title: 'one worker process, from the click to the last statement recorded as sent', rows }],
  targets: [
    {
      what: `${fmtInt(donors)} statements rendered and delivered`,
      target: '<= 120 s for 1,000',
      measured: `${seconds.toFixed(1)} s`,
      met: seconds <= 120 * Math.max(1, donors / 1000),
    },
  ],
  notes: [
    "API and worker as child processes (NODE_ENV=production); peak RSS is the worker's VmHWM from /proc. Each statement is the PDF the donor page downloads.",
  ],
});
