/**
 * The emulator on its own: `npm run stripe:emulator -- --port 12111 --webhook-url http://127.0.0.1:3000/api/stripe/webhook
 * --webhook-secret whsec_... [--state .data/stripe-emulator.json] [--webhook-concurrency 16]` (or STRIPE_EMULATOR_PORT,
 * STRIPE_EMULATOR_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET, STRIPE_EMULATOR_STATE, STRIPE_EMULATOR_WEBHOOK_CONCURRENCY).
 */
import { startEmulator } from './index.js';

function arg(name: string): string[] {
  const out: string[] = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}` && argv[i + 1] !== undefined) out.push(argv[++i]);
    else if (argv[i].startsWith(`--${name}=`)) out.push(argv[i].slice(name.length + 3));
  }
  return out;
}

const port = Number(arg('port')[0] ?? process.env.STRIPE_EMULATOR_PORT ?? 12111);
const host = arg('host')[0] ?? process.env.STRIPE_EMULATOR_HOST ?? '127.0.0.1';
const webhookUrls = arg('webhook-url').length
  ? arg('webhook-url')
  : (process.env.STRIPE_EMULATOR_WEBHOOK_URL ?? '').split(',').filter(Boolean);
const webhookSecret = arg('webhook-secret')[0] ?? process.env.STRIPE_WEBHOOK_SECRET;
const statePath = arg('state')[0] ?? process.env.STRIPE_EMULATOR_STATE;
const concurrency = arg('webhook-concurrency')[0] ?? process.env.STRIPE_EMULATOR_WEBHOOK_CONCURRENCY;
const webhookConcurrency = concurrency === undefined ? undefined : Number(concurrency);
if (webhookConcurrency !== undefined && !(Number.isInteger(webhookConcurrency) && webhookConcurrency >= 1)) {
  process.stderr.write(`--webhook-concurrency must be a whole number of at least 1 (got ${concurrency})\n`);
  process.exit(2);
}

const emulator = await startEmulator({
  port,
  host,
  webhookUrls,
  webhookSecret,
  statePath,
  webhookConcurrency,
  log: (line) => process.stderr.write(`${line}\n`),
});
process.stdout.write(
  `Stripe emulator on ${emulator.url}  STRIPE_API_BASE=${emulator.url}  STRIPE_SECRET_KEY=${emulator.secretKey}  ` +
    `STRIPE_PUBLISHABLE_KEY=${emulator.publishableKey}  STRIPE_WEBHOOK_SECRET=${emulator.webhookSecret}  STRIPE_JS_URL=${emulator.url}/js/v3` +
    `  webhooks -> ${webhookUrls.join(', ') || '(none)'}\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.stop().finally(() => process.exit(0));
  });
}
