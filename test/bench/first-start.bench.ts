/**
 * First start from a fresh clone: what a new user waits for between `git clone` and a dashboard with its demo
 * history. Clones this repository's committed HEAD into a temporary directory, runs `npm install` there, then
 * `npm start` (demo mode) on free ports of its own, with a scratch database and Redis prefix of its own, and
 * polls until the home page answers and the admin dashboard's analytics show the whole demo history (at least
 * the gifts the demo generator makes, and nothing left to project). Every line `npm start` prints is timed, so
 * the report splits start-up into web build, server build, migrations and API start, demo load and the rest.
 * Cleans up after itself: the process group of `npm start`, the scratch database, the Redis keys, the clone.
 * Run: `npm run bench -- first-start [--runs N] [--keep]` (each run clones and installs afresh; npm's cache is
 * used as `npm install` uses it, so packages come from the cache when this machine installed them before).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { generateHistory } from '../../dev/demo-history/generator/index.js';
import { DEMO_ADMIN, DEMO_HISTORY } from '../../dev/launcher/demo.js';
import { PG_ADMIN_URL, REDIS_URL, dbUrl, freePort, postgresVersion } from './lib/env.js';
import { log } from './lib/datasets.js';
import { machine, writeReport } from './lib/report.js';
import { round, summarize, type Row } from './lib/stats.js';

const RUNS = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 1;
const KEEP = process.argv.includes('--keep');
/** `--ref <commit>`: measure another commit of this repository (say main, to compare). */
const REF = process.argv.includes('--ref') ? process.argv[process.argv.indexOf('--ref') + 1] : 'HEAD';
const READY_TIMEOUT_MS = 10 * 60_000;
const REPO = spawnSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).stdout.trim();
const COMMIT = spawnSync('git', ['rev-parse', '--short', REF], { encoding: 'utf8' }).stdout.trim();

/** Lines of `npm start`'s output that mark a moment of the start-up (seconds after `npm start`, first match). */
const MARKS: { moment: string; line: RegExp }[] = [
  // An older `npm start` ran the web build, then `npm run build:dev` (its "> build:dev" header), then the launcher.
  { moment: 'web app built', line: /^Built the web app|^The web app is up to date|^> (\S+ )?build:dev/ },
  { moment: 'server compiled', line: /^Compiled the server|^The server is up to date/ },
  { moment: 'migrations applied', line: /^Applied \d+ migration/ },
  { moment: 'API and worker up, demo load starts', line: /Preparing demo mode/ },
  { moment: 'demo history loaded', line: /^Loaded demo history/ },
  { moment: '"is running" printed', line: /is running: open/ },
];

interface RunResult {
  installS: number;
  startToReadyS: number;
  totalS: number;
  /** Seconds after `npm start` at which each moment of MARKS came, and when the dashboard showed the demo data. */
  timeline: Record<string, number>;
  totalDonations: number;
  totalAmount: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): number {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr.slice(-2000)}`);
  return (Date.now() - started) / 1000;
}

/** The shell's environment minus whatever would point `npm start` at another instance's Stripe, database or ports. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (
      /^(STRIPE_|DEMO_|DATABASE_URL$|SMTP_URL$|PORT$|PUBLIC_URL$|REDIS_PREFIX$|TWO_FACTOR_KEY$|NODE_ENV$|npm_)/.test(k)
    )
      delete env[k];
  }
  return env;
}

/** SIGTERM to the process group (npm, the launcher, API, worker), SIGKILL to whatever is left after 20 s. */
async function stopGroup(pgid: number): Promise<void> {
  const signal = (s: NodeJS.Signals | 0) => {
    try {
      process.kill(-pgid, s);
      return true;
    } catch {
      return false; // no process left in the group
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 20_000;
  while (signal(0) && Date.now() < deadline) await sleep(200);
  signal('SIGKILL');
}

async function json(url: string, init?: RequestInit): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} -> ${res.status}`);
  return res.json();
}

/** Home page served, demo admin signs in, analytics hold at least `expected` gifts and nothing waits to be projected. */
async function ready(
  base: string,
  dir: string,
  expected: number,
): Promise<{ totalDonations: number; totalAmount: number } | undefined> {
  try {
    const home = await fetch(`${base}/`);
    if (!home.ok || !(await home.text()).includes('<title>Hillside Learning Center')) return undefined;
    const { password } = JSON.parse(readFileSync(path.join(dir, '.data/demo-admin.json'), 'utf8')) as {
      password: string;
    };
    const { sessionToken } = await json(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password }),
    });
    const auth = { headers: { authorization: `Bearer ${sessionToken}` } };
    try {
      const [{ overview }, health] = await Promise.all([
        json(`${base}/api/stripe/analytics`, auth),
        json(`${base}/api/health`, auth),
      ]);
      const drained = health.database?.unprocessedEvents === 0 && health.queues?.['stripe-events']?.depth === 0;
      return drained && overview.totalDonations >= expected
        ? { totalDonations: overview.totalDonations, totalAmount: overview.totalAmount }
        : undefined;
    } finally {
      await fetch(`${base}/api/admin/logout`, { method: 'POST', ...auth }).catch(() => undefined);
    }
  } catch {
    return undefined; // not up yet, no demo admin yet, or signed out by a restart
  }
}

async function firstStart(n: number): Promise<RunResult> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'hillside-first-start-'));
  const dir = path.join(tmp, 'hillside');
  const suffix = randomBytes(3).toString('hex');
  const database = `school_first_start_${suffix}`;
  const prefix = `first-start-${suffix}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  let child: ReturnType<typeof spawn> | undefined;
  try {
    const t0 = Date.now();
    run('git', ['clone', '--quiet', '--no-checkout', REPO, dir], tmp);
    run('git', ['checkout', '--quiet', COMMIT], dir);
    log(`run ${n}: cloned ${COMMIT} into ${dir} in ${((Date.now() - t0) / 1000).toFixed(1)} s; npm install...`);
    const installS = run('npm', ['install', '--no-audit', '--no-fund'], dir, cleanEnv());
    log(`run ${n}: npm install ${installS.toFixed(1)} s; npm start...`);

    await admin.query(`CREATE DATABASE ${database}`);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...cleanEnv(),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: dbUrl(database),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      STRIPE_EMULATOR_PORT: String(await freePort()),
      DEMO_MAIL_SMTP_PORT: String(await freePort()),
      DEMO_MAIL_WEB_PORT: String(await freePort()),
    };
    // What the dashboard must show: the gifts the generator makes (the launcher generates them a moment later,
    // so it may make one more, never fewer): succeeded card gifts plus offline gifts.
    const history = generateHistory({ ...DEMO_HISTORY, endDate: new Date() });
    const expected = history.cardGifts.filter((g) => g.outcome === 'succeeded').length + history.manualGifts.length;

    const started = Date.now();
    const timeline: Record<string, number> = {};
    const output: string[] = [];
    // Its own process group, so the whole tree (npm, the launcher, API, worker) is stopped together.
    child = spawn('npm', ['start'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split(/[\r\n]+/)) {
        if (!line.trim()) continue;
        output.push(line);
        for (const m of MARKS)
          if (!(m.moment in timeline) && m.line.test(line))
            timeline[m.moment] = round((Date.now() - started) / 1000, 1);
      }
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    let exited = false;
    child.once('exit', () => (exited = true));

    let shown: Awaited<ReturnType<typeof ready>>;
    while (!(shown = await ready(`http://127.0.0.1:${port}`, dir, expected))) {
      if (exited) throw new Error(`npm start exited before it was ready:\n${output.slice(-30).join('\n')}`);
      if (Date.now() - started > READY_TIMEOUT_MS)
        throw new Error(`not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output.slice(-30).join('\n')}`);
      await sleep(250);
    }
    const startToReadyS = (Date.now() - started) / 1000;
    timeline['dashboard shows the demo history'] = round(startToReadyS, 1);
    log(
      `run ${n}: ready in ${startToReadyS.toFixed(1)} s (${shown.totalDonations} gifts, $${shown.totalAmount}; expected at least ${expected})`,
    );
    return { installS, startToReadyS, totalS: installS + startToReadyS, timeline, ...shown };
  } finally {
    if (child?.pid) await stopGroup(child.pid);
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 }) as AsyncIterable<string[]>)
      if (keys.length) await redis.unlink(...keys);
    redis.disconnect();
    if (KEEP) log(`kept ${dir}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

const results: RunResult[] = [];
const loadBefore = os.loadavg()[0];
for (let i = 1; i <= RUNS; i++) results.push(await firstStart(i));
const stat = (f: (r: RunResult) => number) => summarize(results.map(f));
const row = (what: string, f: (r: RunResult) => number): Row => {
  const s = stat(f);
  return { what, 'median s': round(s.median, 1), 'p95 s': round(s.p95, 1) };
};
const moments = [...MARKS.map((m) => m.moment), 'dashboard shows the demo history'].filter((m) =>
  results.some((r) => m in r.timeline),
);
const total = stat((r) => r.totalS);
writeReport({
  name: 'first-start',
  title: 'First start from a fresh clone: git clone, npm install, npm start until the dashboard shows the demo history',
  dataSize: `commit ${COMMIT}; demo history of ${DEMO_HISTORY.donors} donors over ${DEMO_HISTORY.months} months (${results[0].totalDonations.toLocaleString('en-US')} gifts, $${results[0].totalAmount.toLocaleString('en-US')} on the dashboard); ${RUNS} run(s)`,
  command: `npm run bench -- first-start --runs ${RUNS}${REF === 'HEAD' ? '' : ` --ref ${REF}`}`,
  machine: machine(await postgresVersion()),
  tables: [
    {
      title: 'seconds',
      rows: [
        row('npm install', (r) => r.installS),
        row('npm start until ready', (r) => r.startToReadyS),
        row('total', (r) => r.totalS),
      ],
    },
    {
      title: 'npm start: seconds after it began (median)',
      rows: moments.map((m) => ({
        moment: m,
        at: round(summarize(results.filter((r) => m in r.timeline).map((r) => r.timeline[m])).median, 1),
      })),
    },
  ],
  targets: [
    {
      what: 'npm install && npm start until the dashboard shows the demo data',
      target: '<= 60 s',
      measured: `${round(total.median, 1)} s median`,
      met: total.median <= 60,
    },
  ],
  notes: [
    `Load average ${loadBefore.toFixed(2)} when it started (other work shares the machine's cores).`,
    "npm install --no-audit --no-fund (the audit and funding notices ask the registry: network time, not ours), with npm's cache as a user's install has it; the clone has no node_modules, dist or .data of its own.",
    'Ready: the home page answers, the demo admin signs in, the analytics show at least the generated gifts and no event waits to be projected.',
  ],
});
