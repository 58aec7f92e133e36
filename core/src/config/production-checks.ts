import type { EnvDto } from './env.dto.js';

const REHEARSAL = 'set PRODUCTION_REHEARSAL=true only for a rehearsal that must not take real money';

/**
 * What a live site must not run with: each rule names the variable and says what to set instead. Checked by the
 * API and the worker when NODE_ENV=production; PRODUCTION_REHEARSAL=true lets a rehearsal (and the tests of the
 * production start) use test keys, the emulator, its well-known secrets, demo mode and a plain-http address.
 * Returns the first refusal, or undefined.
 */
export function productionRefusal(env: EnvDto): string | undefined {
  if (env.NODE_ENV !== 'production') return undefined;
  const secretMode = /^(sk|rk)_(test|live)_/.exec(env.STRIPE_SECRET_KEY)?.[2];
  const publishableMode = /^pk_(test|live)_/.exec(env.STRIPE_PUBLISHABLE_KEY)?.[1];
  if (secretMode !== publishableMode) {
    return `Invalid environment variable STRIPE_PUBLISHABLE_KEY: it is a ${publishableMode}-mode key but STRIPE_SECRET_KEY is a ${secretMode}-mode key; take both from the same mode of the Stripe Dashboard`;
  }
  if (env.PRODUCTION_REHEARSAL) return undefined;
  if (env.DEMO_MODE)
    return `Invalid environment variable DEMO_MODE: demo mode is for \`npm start\` on one machine, not production; unset it (or ${REHEARSAL})`;
  if (env.STRIPE_API_BASE) {
    return `Invalid environment variable STRIPE_API_BASE: production talks to Stripe itself, not to ${env.STRIPE_API_BASE}; unset it (or ${REHEARSAL})`;
  }
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY'] as const) {
    // The local Stripe emulator's keys and secret are published in this repository: anyone could sign with them.
    if (/_emulator_/.test(env[key]))
      return `Invalid environment variable ${key}: it is the Stripe emulator's published value; use your Stripe account's (or ${REHEARSAL})`;
  }
  if (secretMode === 'test') {
    return `Invalid environment variable STRIPE_SECRET_KEY: a test-mode key takes no real gifts; use the live keys (sk_live_..., pk_live_...) from the Stripe Dashboard (or ${REHEARSAL})`;
  }
  if (!env.PUBLIC_URL.startsWith('https://')) {
    return `Invalid environment variable PUBLIC_URL: ${env.PUBLIC_URL} is not an https:// address; card payments and e-mailed links need the site's https address (or ${REHEARSAL})`;
  }
  return undefined;
}
