/**
 * `npm run stripe:setup [-- --print-secret] [--recreate] [--dotenv FILE]` (not `--env-file`: Node 20 takes that
 * for its own option even after the script name): checks the Stripe account the secret
 * key belongs to, then creates or updates the school's webhook endpoint (PUBLIC_URL + /api/stripe/webhook, the
 * event types the worker projects, the API version of the installed SDK) and writes a new signing secret to .env
 * (or prints it). Safe to run again: with nothing changed it changes nothing. The option is `--dotenv`, not
 * `--env-file`: Node 20 takes `--env-file` for its own even after the script name.
 */
import Stripe from 'stripe';
import { loadDotEnv, setDotEnvValue } from '../../../core/src/config/env-file.js';
import { loadEnvOrExit } from '../../../core/src/config/load-env.js';
import { createStripeClient } from '../../../core/src/stripe/stripe.client.js';
import { describeAccount } from '../stripe-setup/account-check.js';
import { ensureWebhookEndpoint, projectedEventTypes, WEBHOOK_PATH } from '../stripe-setup/webhook-endpoint.js';

const USAGE = 'Usage: npm run stripe:setup [-- --print-secret] [--recreate] [--dotenv FILE]';
const say = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 1): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

function parseArgs(argv: string[]): { printSecret: boolean; recreate: boolean; envFile: string } {
  const out = { printSecret: false, recreate: false, envFile: '.env' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--print-secret') out.printSecret = true;
    else if (a === '--recreate') out.recreate = true;
    else if (a === '--dotenv' && argv[i + 1]) out.envFile = argv[++i];
    else if (a.startsWith('--dotenv=')) out.envFile = a.slice('--dotenv='.length);
    else fail(`Unknown option ${a}. ${USAGE}`, 2);
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const shellSecret = process.env.STRIPE_WEBHOOK_SECRET;
loadDotEnv(args.envFile);
const env = loadEnvOrExit(process.env, { only: ['STRIPE_SECRET_KEY', 'STRIPE_API_BASE', 'PUBLIC_URL'] });
const mode = /^(sk|rk)_live_/.test(env.STRIPE_SECRET_KEY) ? 'live' : 'test';
const url = `${env.PUBLIC_URL.replace(/\/+$/, '')}${WEBHOOK_PATH}`;
const host = new URL(url).hostname;

// Real Stripe delivers only to addresses it can reach, and live events only over https; the emulator reaches anything.
if (!env.STRIPE_API_BASE && /^(localhost|127\.|0\.0\.0\.0|\[::1?\])/.test(host)) {
  fail(
    `PUBLIC_URL is ${env.PUBLIC_URL}: Stripe cannot deliver webhooks to this machine's own address. Set PUBLIC_URL to the site's public https address first.`,
  );
}
if (mode === 'live' && !url.startsWith('https://'))
  fail(`PUBLIC_URL is ${env.PUBLIC_URL}: Stripe sends live-mode webhooks only to https:// addresses.`);

const stripe = createStripeClient(env, { maxNetworkRetries: 2 });
try {
  const account = await stripe.accounts.retrieveCurrent();
  say(describeAccount(account, mode).line);

  const known = process.env.STRIPE_WEBHOOK_SECRET;
  const events = projectedEventTypes();
  const { outcome, duplicates } = await ensureWebhookEndpoint(stripe, {
    url,
    events,
    apiVersion: Stripe.API_VERSION,
    recreate: args.recreate,
    knownSecret: known && /^whsec_\w+$/.test(known) ? known : undefined,
  });
  const what = `${url}, ${outcome.endpoint.enabled_events.length} event types, API version ${outcome.endpoint.api_version}`;
  switch (outcome.action) {
    case 'created':
    case 'recreated':
      say(
        outcome.action === 'created'
          ? `Webhook endpoint ${outcome.endpoint.id} created: ${what}.`
          : `Webhook endpoint ${outcome.endpoint.id} replaces ${outcome.replaced} (${outcome.reason}): ${what}.`,
      );
      if (args.printSecret) {
        say(
          `Its signing secret (shown once; put it in the API's environment): STRIPE_WEBHOOK_SECRET=${outcome.secret}`,
        );
      } else {
        setDotEnvValue(args.envFile, 'STRIPE_WEBHOOK_SECRET', outcome.secret);
        say(
          `Signing secret written to ${args.envFile} (STRIPE_WEBHOOK_SECRET); restart the API for it to take effect.`,
        );
        if (shellSecret && shellSecret !== outcome.secret)
          say(
            `Note: your shell exports STRIPE_WEBHOOK_SECRET, which wins over ${args.envFile}: unset it or set it to the new one.`,
          );
      }
      break;
    case 'updated':
      say(
        `Webhook endpoint ${outcome.endpoint.id} updated (${outcome.changes.join('; ')}): ${what}. Signing secret unchanged.`,
      );
      break;
    case 'unchanged':
      say(`Webhook endpoint ${outcome.endpoint.id} is up to date: ${what}. Signing secret unchanged.`);
      break;
    case 'secret-unknown':
      fail(
        `Webhook endpoint ${outcome.endpoint.id} already sends to ${url}, but Stripe shows its signing secret only when it is created and STRIPE_WEBHOOK_SECRET ` +
          `is not set. Copy it from the Dashboard (Developers > Webhooks > the endpoint > Signing secret) into ${args.envFile}, or run ` +
          '`npm run stripe:setup -- --recreate` to replace the endpoint and get a new one.',
      );
  }
  if (duplicates.length) {
    say(
      `Also sending to ${url}: ${duplicates.join(', ')} (not made by this script). Each event then arrives more than once (stored once); delete them in the Dashboard unless you need them.`,
    );
  }
} catch (err) {
  const e = err as { type?: string; message: string };
  if (e.type === 'StripeAuthenticationError') fail(`Stripe refused STRIPE_SECRET_KEY: ${e.message}`);
  if (e.type === 'StripePermissionError')
    fail(
      `STRIPE_SECRET_KEY may not manage webhook endpoints or read the account: ${e.message} (a restricted key needs Webhook Endpoints: write and Account: read)`,
    );
  fail(`Stripe setup failed: ${e.message}`);
}
