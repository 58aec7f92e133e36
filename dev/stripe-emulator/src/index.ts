/**
 * The local Stripe emulator: Stripe's REST API as the SDK sees it, signed webhooks as Stripe sends them,
 * and a stand-in Stripe.js for the browser.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runClock } from './core/clock.js';
import { Ctx } from './core/context.js';
import { StripeApiError } from './core/errors.js';
import { Store, type Obj } from './core/store.js';
import {
  DEFAULT_WEBHOOK_CONCURRENCY,
  WebhookDispatcher,
  type DeliveryFaults,
  type DeliveryRecord,
} from './core/webhooks.js';
import { DEFAULT_RETRY_POLICY, retryPolicy, type RetryPolicy } from './resources/retry-policy.js';
import { resetAccount } from './resources/account.js';
import { configureMoney, type MoneyOptions } from './resources/money-settings.js';
import './resources/payouts.js';
import { runBilling } from './resources/subscriptions.js';
import { endpointTargets } from './resources/webhook-endpoints.js';
import { handleAdmin } from './server/admin-routes.js';
import { apiRouter } from './server/api-routes.js';
import { CORS_HEADERS, handleApi, handlePreflight, readBody, sendJson } from './server/http-server.js';
import { invoicePage, receiptPage } from './server/pages.js';
import { stripeJsSource } from './browser/stripe-js.js';

export type { DeliveryFaults } from './core/webhooks.js';

export interface EmulatorOptions {
  /** 0 = any free port. */
  port?: number;
  host?: string;
  /** Endpoints that receive signed webhook deliveries. */
  webhookUrls?: string[];
  webhookSecret?: string;
  /** Persist state to this JSON file across restarts (demo mode); in memory when unset. */
  statePath?: string;
  /** Base delay of the exponential retry backoff for failed deliveries, in ms (compressed time). */
  retryBaseMs?: number;
  /** First delivery attempts in flight at once per endpoint (default 16); 1 delivers strictly in order. */
  webhookConcurrency?: number;
  /**
   * Failed renewals: retry days after the first failure (default 1, 3, 5, 7, 9, 11, 13, 14), then the
   * subscription is canceled (or `unpaid`, or left `past_due`) and the invoice marked uncollectible (or left open).
   */
  invoiceRetries?: Partial<RetryPolicy>;
  /** Fees (default: a US non-profit's 2.2% + 30c per card charge), funds delay, payout hour, bank settlement days. */
  money?: MoneyOptions;
  log?: (line: string) => void;
}

export interface StripeEmulator {
  /** Origin, e.g. http://127.0.0.1:12111: STRIPE_API_BASE for the SDK; `${url}/js/v3` is the Stripe.js stand-in. */
  readonly url: string;
  readonly port: number;
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  setWebhookUrls(urls: string[]): void;
  setFaults(faults: DeliveryFaults): void;
  /** Moves the emulator clock forward: subscriptions renew, bank payments settle, payouts run, with their events. */
  advanceClock(seconds: number): Promise<void>;
  /** Resolves when every pending webhook delivery (including retries) has been acknowledged. */
  flushWebhooks(timeoutMs?: number): Promise<void>;
  reset(): void;
  stop(): Promise<void>;
  /** The emulator clock (unix seconds). */
  now(): number;
  /** Every delivery attempt so far (most recent 10,000): for fault tests. */
  deliveries(): DeliveryRecord[];
  /** Number of deliveries queued, in flight or waiting for a retry. */
  pendingWebhooks(): number;
  /** Events emitted so far, oldest first. */
  events(): Obj[];
}

export const EMULATOR_SECRET_KEY = 'sk_test_emulator_0000000000000000000000';
export const EMULATOR_PUBLISHABLE_KEY = 'pk_test_emulator_0000000000000000000000';
export const EMULATOR_WEBHOOK_SECRET = 'whsec_emulator_0000000000000000000000';

export async function startEmulator(opts: EmulatorOptions = {}): Promise<StripeEmulator> {
  const log = opts.log ?? (() => undefined);
  const webhookSecret = opts.webhookSecret ?? EMULATOR_WEBHOOK_SECRET;
  const store = new Store(opts.statePath);
  const webhooks = new WebhookDispatcher(webhookSecret, opts.retryBaseMs ?? 1000, log);
  webhooks.urls = [...(opts.webhookUrls ?? [])];
  webhooks.concurrency = opts.webhookConcurrency ?? DEFAULT_WEBHOOK_CONCURRENCY;
  webhooks.endpointsFor = (type) => endpointTargets(store, type);
  webhooks.onDelivered = (eventId) => {
    const evt = store.get('events', eventId);
    if (evt && evt.pending_webhooks > 0) evt.pending_webhooks -= 1;
  };
  const ctx = new Ctx(store, webhooks, '');
  ctx.retries = retryPolicy(DEFAULT_RETRY_POLICY, opts.invoiceRetries ?? {});
  if (opts.money) configureMoney(ctx, opts.money);
  const router = apiRouter();
  let jsCache: string | undefined;

  const advanceClock = (seconds: number) => {
    store.clockOffset += Math.floor(seconds);
    store.changed();
    runClock(ctx, runBilling);
  };
  const reset = () => {
    webhooks.reset();
    store.clear();
    resetAccount(ctx);
  };
  const setFaults = (f: DeliveryFaults) => {
    webhooks.faults = { ...f };
  };
  const setWebhookUrls = (urls: string[]) => {
    webhooks.urls = [...urls];
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const path = url.pathname;
    if (req.method === 'OPTIONS') return handlePreflight(res);
    readBody(req)
      .then(async (body) => {
        if (path.startsWith('/v1/')) return handleApi(ctx, router, req, res, url, body);
        if (path === '/js/v3' || path === '/v3' || path === '/v3/' || /^\/[a-z]+\/stripe\.js$/.test(path)) {
          jsCache ??= stripeJsSource(ctx.baseUrl);
          res.writeHead(200, {
            'content-type': 'application/javascript; charset=utf-8',
            'cache-control': 'no-cache',
            ...CORS_HEADERS,
          });
          res.end(jsCache);
          return;
        }
        if (path.startsWith('/_emulator/')) {
          let parsed: Obj;
          try {
            parsed = body ? JSON.parse(body) : {};
          } catch {
            return sendJson(res, 400, { error: { type: 'invalid_request_error', message: 'Body must be JSON' } });
          }
          try {
            const out = handleAdmin(
              ctx,
              { advanceClock, reset, setFaults, setWebhookUrls },
              req.method ?? 'GET',
              path,
              parsed,
            );
            return out
              ? sendJson(res, 200, out, CORS_HEADERS)
              : sendJson(res, 404, {
                  error: { type: 'invalid_request_error', message: `Unknown emulator helper ${path}` },
                });
          } catch (err) {
            if (err instanceof StripeApiError) return sendJson(res, err.status, err.toBody('req_emulator'));
            throw err;
          }
        }
        const receipt = /^\/receipts\/payment\/([\w]+)$/.exec(path);
        const invoice = /^\/invoices\/([\w]+)$/.exec(path);
        const html = receipt ? receiptPage(store, receipt[1]) : invoice ? invoicePage(store, invoice[1]) : undefined;
        if (html) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(html);
          return;
        }
        sendJson(res, 404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` },
        });
      })
      .catch((err) => {
        log(`emulator error on ${req.method} ${path}: ${(err as Error).stack ?? err}`);
        if (!res.headersSent)
          sendJson(res, err instanceof StripeApiError ? err.status : 500, {
            error: { type: 'api_error', message: (err as Error).message },
          });
        else res.end();
      });
  });
  server.keepAliveTimeout = 30000;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`;
  ctx.baseUrl = url;
  // A clock restored from a state file may have periods (and payouts) that came due while the emulator was down.
  runClock(ctx, runBilling);

  return {
    url,
    port,
    secretKey: EMULATOR_SECRET_KEY,
    publishableKey: EMULATOR_PUBLISHABLE_KEY,
    webhookSecret,
    setWebhookUrls,
    setFaults,
    advanceClock: async (seconds) => advanceClock(seconds),
    flushWebhooks: (timeoutMs) => webhooks.flush(timeoutMs),
    reset,
    now: () => store.now(),
    deliveries: () => [...webhooks.log],
    pendingWebhooks: () => webhooks.pending,
    events: () => [...store.col('events').values()],
    stop: async () => {
      webhooks.reset();
      store.saveNow();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
