import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION, type Ctx } from '../core/context.js';
import { StripeApiError, invalid } from '../core/errors.js';
import { expand } from '../core/expand.js';
import { parseFormBody } from '../core/form-body.js';
import { newId } from '../core/ids.js';
import { strings, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import type { Router, Auth } from './router.js';

const MAX_BODY = 1024 * 1024;
const IDEMPOTENCY_LIMIT = 50000;
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers':
    'Authorization, Content-Type, Stripe-Version, Idempotency-Key, Stripe-Account, X-Stripe-Client-User-Agent',
  'access-control-max-age': '600',
};

export type RawHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
) => boolean | Promise<boolean>;

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(invalid('Request body too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function stripPrivate(_key: string, v: unknown): unknown {
  return _key.startsWith('__') ? undefined : v;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const json = typeof body === 'string' ? body : JSON.stringify(body, stripPrivate);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), ...headers });
  res.end(json);
}

/** Which key is this? Stripe answers anything else with 401 and its error envelope. */
function authenticate(req: IncomingMessage): Auth | undefined {
  const h = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(h) ?? /^Basic\s+(\S+)$/i.exec(h);
  if (!m) return undefined;
  const key = h.startsWith('Basic') ? Buffer.from(m[1], 'base64').toString().replace(/:$/, '') : m[1];
  if (/^(sk|rk)_test_\w+/.test(key)) return 'secret';
  if (/^pk_test_\w+/.test(key)) return 'publishable';
  return undefined;
}

/**
 * Serves `/v1/*` the way api.stripe.com does: bearer auth, form-encoded params (query string for GET and
 * DELETE), `Idempotency-Key` replays, `expand[]`, JSON answers and Stripe's error envelope.
 */
export async function handleApi(
  ctx: Ctx,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
): Promise<void> {
  const requestId = `req_${newId('x').slice(2, 16)}`;
  const headers: Record<string, string> = { 'request-id': requestId, 'stripe-version': API_VERSION, ...CORS_HEADERS };
  const auth = authenticate(req);
  const fail = (err: StripeApiError) => sendJson(res, err.status, err.toBody(requestId), headers);
  if (!auth) {
    const given = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const message = given
      ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
    fail(new StripeApiError(401, 'invalid_request_error', message));
    return;
  }
  const method = req.method ?? 'GET';
  const match = router.match(method, url.pathname);
  if (!match || match === 'method') {
    fail(
      new StripeApiError(
        404,
        'invalid_request_error',
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      ),
    );
    return;
  }
  if (auth === 'publishable' && !match.route.publishable) {
    fail(
      new StripeApiError(
        401,
        'invalid_request_error',
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      ),
    );
    return;
  }
  const idemKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
  const idemSlot = idemKey ? `${req.headers.authorization}|${idemKey}` : undefined;
  const fingerprint = idemKey ? createHash('sha1').update(`${method} ${url.pathname} ${body}`).digest('hex') : '';
  if (idemSlot) {
    const prior = ctx.store.idempotency.get(idemSlot);
    if (prior) {
      if (prior.fingerprint !== fingerprint) {
        fail(
          new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
          ),
        );
        return;
      }
      sendJson(res, prior.status, prior.body, {
        ...headers,
        'idempotent-replayed': 'true',
        'original-request': 'replayed',
      });
      return;
    }
  }
  let status = 200;
  let out: string;
  try {
    const params: Params = { ...parseFormBody(url.search.slice(1)), ...parseFormBody(body) };
    const expandPaths = strings(params, 'expand');
    delete params.expand;
    ctx.request = { id: requestId, idempotency_key: idemKey ?? null };
    let result: Obj;
    try {
      result = match.route.handler({ ctx, params, path: match.path, auth });
    } finally {
      ctx.request = { id: null, idempotency_key: null };
    }
    out = expandPaths.length
      ? JSON.stringify(expand(result, expandPaths, ctx.store))
      : JSON.stringify(result, stripPrivate);
  } catch (err) {
    if (!(err instanceof StripeApiError)) {
      const e = new StripeApiError(500, 'api_error', `Emulator error: ${(err as Error).message}`);
      fail(e);
      return;
    }
    status = err.status;
    out = JSON.stringify(err.toBody(requestId));
  }
  if (idemSlot) {
    if (ctx.store.idempotency.size >= IDEMPOTENCY_LIMIT)
      ctx.store.idempotency.delete(ctx.store.idempotency.keys().next().value!);
    ctx.store.idempotency.set(idemSlot, { fingerprint, status, body: out });
  }
  sendJson(res, status, out, idemKey ? { ...headers, 'idempotency-key': idemKey } : headers);
}

export function handlePreflight(res: ServerResponse): void {
  res.writeHead(204, CORS_HEADERS);
  res.end();
}

export { CORS_HEADERS };
