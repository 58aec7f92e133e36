import Stripe from 'stripe';
import type { EnvDto } from '../config/env.dto.js';

export const STRIPE = Symbol('STRIPE');

/**
 * The one configured Stripe SDK instance. STRIPE_API_BASE points it at another host (the local emulator);
 * nothing else in the code knows which Stripe it talks to.
 */
export function createStripeClient(
  env: Pick<EnvDto, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
  opts: { timeoutMs?: number; maxNetworkRetries?: number } = {},
): Stripe {
  const config: Stripe.StripeConfig = {
    timeout: opts.timeoutMs ?? 15000,
    maxNetworkRetries: opts.maxNetworkRetries ?? 1,
    appInfo: { name: 'school-donations' },
  };
  if (env.STRIPE_API_BASE) {
    const base = new URL(env.STRIPE_API_BASE);
    config.host = base.hostname;
    config.port = base.port ? Number(base.port) : base.protocol === 'https:' ? 443 : 80;
    config.protocol = base.protocol.replace(':', '') as 'http' | 'https';
  }
  return new Stripe(env.STRIPE_SECRET_KEY, config);
}
