import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { openDonate } from './donate-page.js';
import { startPublicEnv, type PublicEnv } from './public-browser.js';
import type { Stack } from './stack.js';

/** What the donate page's browser suites share: a stack without workers, Chromium, and the SDK on the emulator. */
export interface DonateWorld {
  stack: Stack;
  browser: Browser;
  stripe: Stripe;
  /** /donate at that width (800 px high on a phone, 900 otherwise), once its panel is there. */
  openDonate(width: number): Promise<{ page: Page; errors: string[] }>;
}

/**
 * Starts the world in the enclosing describe's beforeAll and stops it in its afterAll; the fields are there
 * from beforeAll on (read them inside tests, not at describe time).
 */
export function donateWorld(): DonateWorld {
  let env: PublicEnv | undefined;
  const world = {
    openDonate: (width: number) => openDonate(world.browser, world.stack.apiUrl, width, width < 500 ? 800 : 900),
  } as DonateWorld;
  beforeAll(async () => {
    env = await startPublicEnv({ workers: 0 });
    Object.assign(world, { stack: env.stack, browser: env.browser, stripe: createStripeClient(env.stack.env) });
  });
  afterAll(() => env?.stop());
  return world;
}
