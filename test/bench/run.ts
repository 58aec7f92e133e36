/**
 * `npm run bench [names...]`: runs each benchmark file (dist-dev/test/bench/*.bench.js) in turn, each in its own
 * Node process so one benchmark's memory and event loop never colour the next. Names on the command line pick
 * benchmarks by part of their file name (`npm run bench -- analytics webhook`). Results land in
 * test/bench/results/<name>.json. Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { REDIS_URL } from './lib/env.js';

const DIR = path.dirname(fileURLToPath(import.meta.url));
/** The order of test/bench/README.md's results; files not listed run after these. */
const ORDER = [
  'read-model-vs-stripe',
  'analytics-growth',
  'webhook-ingest',
  'projection',
  'peer',
  'exports',
  'front-end',
  'emulator',
];

const files = readdirSync(DIR).filter((f) => f.endsWith('.bench.js'));
const rank = (f: string) => {
  const i = ORDER.indexOf(f.replace(/\.bench\.js$/, ''));
  return i < 0 ? ORDER.length : i;
};
files.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

// Names first, then options passed to every benchmark: `npm run bench -- analytics --sizes 10000,100000`.
const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const wanted = firstOption < 0 ? args : args.slice(0, firstOption);
const passThrough = firstOption < 0 ? [] : args.slice(firstOption);
const chosen = wanted.length ? files.filter((f) => wanted.some((w) => f.includes(w))) : files;
if (!chosen.length) {
  process.stderr.write(
    `No benchmark matches ${wanted.join(', ')}. Available: ${files.map((f) => f.replace('.bench.js', '')).join(', ')}\n`,
  );
  process.exit(2);
}

/**
 * Each benchmark's API and worker use a Redis prefix of their own (baseEnv: bench + 6 hex digits); the jobs a
 * benchmark leaves behind (ingest runs no worker) are removed after it, so runs do not pile up in Redis.
 */
async function dropBenchKeys(): Promise<number> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let dropped = 0;
  try {
    await redis.connect();
    const stream = redis.scanStream({ match: `bench${'[0-9a-f]'.repeat(6)}:*`, count: 1000 });
    for await (const keys of stream as AsyncIterable<string[]>) if (keys.length) dropped += await redis.unlink(...keys);
  } catch (err) {
    process.stderr.write(`could not clear the benchmarks' Redis keys: ${(err as Error).message}\n`);
  } finally {
    redis.disconnect();
  }
  return dropped;
}

const failed: string[] = [];
for (const f of chosen) {
  const name = f.replace('.bench.js', '');
  process.stdout.write(
    `\n### ${name} (${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})\n`,
  );
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--expose-gc', path.join(DIR, f), ...passThrough], {
    stdio: 'inherit',
    cwd: process.cwd(),
  });
  process.stdout.write(
    `### ${name}: ${r.status === 0 ? 'done' : `FAILED (${r.status ?? r.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (r.status !== 0) failed.push(name);
  await dropBenchKeys();
}
if (failed.length) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
