import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import type Stripe from 'stripe';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { launchBrowser } from './browser.js';
import { sdkFor } from './stripe-shapes.js';

export interface StandInSite {
  emulator: StripeEmulator;
  stripe: Stripe;
  /** The site's origin: another origin than the emulator's, as the app's is. */
  url: string;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * For the stand-in Stripe.js tests: the emulator, the SDK on it, a small site of the test's own making (its
 * page loads `${emulator.url}/js/v3`) on another origin, and Chromium.
 */
export async function startStandInSite(
  serve: (ctx: { emulator: StripeEmulator; stripe: Stripe }, req: IncomingMessage, res: ServerResponse) => void,
): Promise<StandInSite> {
  const emulator = await startEmulator({ port: 0 });
  const stripe = sdkFor(emulator);
  const site: Server = createServer((req, res) => serve({ emulator, stripe }, req, res));
  await new Promise<void>((r) => site.listen(0, 'localhost', r));
  const browser = await launchBrowser();
  return {
    emulator,
    stripe,
    url: `http://localhost:${(site.address() as AddressInfo).port}`,
    browser,
    stop: async () => {
      await browser.close();
      await new Promise((r) => site.close(r));
      await emulator.stop();
    },
  };
}

/** A handler answering every path with one HTML page. */
export const htmlPage =
  (page: (emulator: StripeEmulator) => string) =>
  ({ emulator }: { emulator: StripeEmulator }, _req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(page(emulator));
