import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { errorAnswer } from '../../../core/src/http/error-answer.js';
import { jsonNestingExceeds, tooDeepMessage, WEBHOOK_JSON_DEPTH_LIMIT } from '../http/json-depth.js';
import type { StripeWebhookService } from './stripe-webhook.service.js';
import { badRequest } from '../../../core/src/http/errors.js';

export const WEBHOOK_PATH = '/api/stripe/webhook';

/** Stripe's events are far smaller; anything larger is refused unread. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const TOO_LARGE = 'Payload too large (limit 1 MB)';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * POST /api/stripe/webhook gets its own lane at the HTTP server, ahead of Express. Everything else still goes
 * through Express and Nest. Stripe is a machine: it needs no per-success request log, no browser security
 * headers, no session guard and no JSON body parser, only its raw bytes checked and an answer; the general
 * stack cost more CPU per event than verifying, storing and enqueueing it, which decides whether one API
 * process keeps up with the ingest target (test/bench/README.md; test/bench/webhook-ingest.bench.ts).
 *
 * The lane still hands every event to StripeWebhookService (a Nest provider): verify, store, enqueue, then 200.
 * Refusals are answered by errorAnswer, as the rest of the API's errors are.
 */
export function mountWebhookLane(server: Server, webhooks: StripeWebhookService, logger: Logger): void {
  const others = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && isWebhookUrl(req.url)) {
      receive(req, res, webhooks, logger);
      return;
    }
    for (const listener of others) listener.call(server, req, res);
  });
}

function isWebhookUrl(url: string | undefined): boolean {
  return url === WEBHOOK_PATH || (url !== undefined && url.startsWith(`${WEBHOOK_PATH}?`));
}

function receive(req: IncomingMessage, res: ServerResponse, webhooks: StripeWebhookService, logger: Logger): void {
  /** Every refusal, ours or the sender's, answers in the API's one error shape (errorAnswer). */
  const fail = (err: unknown) => {
    const { status, body, log, retryAfterSeconds } = errorAnswer(err);
    if (log) logger.error({ err, path: WEBHOOK_PATH }, log);
    else
      logger[status >= 500 ? 'error' : 'warn'](
        {
          path: WEBHOOK_PATH,
          statusCode: status,
          reason: (body as { message?: unknown }).message,
          ip: req.socket.remoteAddress,
        },
        'webhook refused',
      );
    answer(res, status, body, retryAfterSeconds);
  };
  const refuse = (message: string) => fail(badRequest(message));
  /** Answers at once and discards the rest of the body; the answer closes the connection (see answer()). */
  const refuseUnread = (message: string) => {
    refuse(message);
    req.resume();
  };
  const declared = Number(req.headers['content-length']);
  if (declared > WEBHOOK_BODY_LIMIT) return refuseUnread(TOO_LARGE);
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') return refuseUnread('Content-Encoding is not supported');

  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on('data', (chunk: Buffer) => {
    if (tooLarge) return;
    size += chunk.length;
    if (size > WEBHOOK_BODY_LIMIT) {
      tooLarge = true;
      chunks.length = 0;
      refuseUnread(TOO_LARGE);
      return;
    }
    chunks.push(chunk);
  });
  req.on('error', () => res.destroy());
  req.on('end', () => {
    if (tooLarge || res.headersSent) return;
    if (mediaType(req.headers['content-type']) !== 'application/json')
      return refuse('Content-Type must be application/json');
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
    // Before the signature check parses it: deeper than any Stripe event, and deeper than Postgres stores.
    if (jsonNestingExceeds(body, WEBHOOK_JSON_DEPTH_LIMIT)) return refuse(tooDeepMessage(WEBHOOK_JSON_DEPTH_LIMIT));
    webhooks.ingest(body, req.headers['stripe-signature']).then((ack) => answer(res, 200, ack), fail);
  });
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

function answer(res: ServerResponse, status: number, body: object, retryAfterSeconds?: number): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  };
  if (retryAfterSeconds) headers['Retry-After'] = String(retryAfterSeconds);
  if (!res.req?.complete) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(text);
}
