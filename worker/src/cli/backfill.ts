import { loadDotEnv } from '../../../core/src/config/env-file.js';
import { loadEnvOrExit } from '../../../core/src/config/load-env.js';
import { createStripeClient } from '../../../core/src/stripe/stripe.client.js';
import { createDataSource, assertMigrated } from '../../../core/src/db/data-source.js';
import { runBackfill, type BackfillProgress } from '../backfill/stripe-backfill.js';
import { migrations } from '../../../migrations/index.js';

/** `npm run stripe:backfill`: rebuild or repair the read model from the Stripe API, with a progress bar on stderr. */
// Variables in .env fill what the shell does not export, as for npm start and npm run start:prod.
loadDotEnv();
const env = loadEnvOrExit();
const ds = createDataSource(env.DATABASE_URL, { migrations, poolSize: 2, applicationName: 'school-backfill' });
const stripe = createStripeClient(env, { maxNetworkRetries: 3 });
const tty = process.stderr.isTTY;
let lastPhase = '';

function render(p: BackfillProgress): void {
  const width = 24;
  const filled = Math.round((p.phaseIndex / p.phases) * width);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
  const line = `${bar} ${p.phaseIndex}/${p.phases} ${p.phase}: ${p.done}`;
  if (tty) process.stderr.write(`\r${line}\x1b[K`);
  else if (p.phase !== lastPhase) process.stderr.write(`${line}\n`);
  lastPhase = p.phase;
}

try {
  await ds.initialize();
  await assertMigrated(ds);
  const counts = await runBackfill({
    ds,
    stripe,
    timeZone: env.TIME_ZONE,
    onProgress: render,
    warn: (msg, details) => process.stderr.write(`\n${msg} ${details ? JSON.stringify(details) : ''}\n`),
  });
  if (tty) process.stderr.write('\n');
  process.stdout.write(
    `Backfilled ${Object.entries(counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}\n`,
  );
} catch (err) {
  process.stderr.write(`\nBackfill failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  if (ds.isInitialized) await ds.destroy();
}
