import Stripe from 'stripe';
import fc from 'fast-check';
import request from 'supertest';
import { buildEvent, fixture } from '../helpers/events.js';
import { startStack, TEST_WEBHOOK_SECRET, type Stack } from '../helpers/stack.js';
import { messageOf } from '../helpers/bad-values.js';
import { tooDeepMessage, WEBHOOK_JSON_DEPTH_LIMIT } from '../../api/src/http/json-depth.js';

/**
 * 1,000 mutated webhook deliveries (fast-check): wrong secret, stale timestamp, a valid signature replayed on
 * a changed body, truncated JSON, malformed signature headers, wrong content type. Every one must be a 400
 * with a reason, and the inbox must not gain a row.
 */
const RUNS = Number(process.env.WEBHOOK_MUTATIONS ?? 1000);
const signer = new Stripe('sk_test_signer_only');
const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: opts.timestamp,
  });

interface Delivery {
  kind: string;
  body: string;
  signature?: string;
  contentType: string;
}

describe(`${RUNS} mutated webhook deliveries`, () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
  });
  afterAll(() => stack.stop());

  const event = (n: number) =>
    JSON.stringify(
      buildEvent('charge.succeeded', fixture('charge', { id: `ch_mut${n}`, amount: 1000 + n }), { id: `evt_mut${n}` }),
    );

  const mutation: fc.Arbitrary<Delivery> = fc.integer({ min: 0, max: 1e6 }).chain((n) => {
    const body = event(n);
    const now = Math.floor(Date.now() / 1000);
    return fc.oneof(
      fc
        .string({ minLength: 1, maxLength: 30 })
        .map((s) => ({
          kind: 'wrong secret',
          body,
          signature: sign(body, { secret: `whsec_${s.replace(/\W/g, 'x')}` }),
          contentType: 'application/json',
        })),
      fc
        .integer({ min: 301, max: 10 * 365 * 86400 })
        .map((age) => ({
          kind: 'stale timestamp',
          body,
          signature: sign(body, { timestamp: now - age }),
          contentType: 'application/json',
        })),
      fc
        .tuple(fc.integer({ min: 0, max: body.length - 1 }), fc.string({ minLength: 1, maxLength: 1 }))
        .filter(([i, c]) => body[i] !== c)
        .map(([i, c]) => ({
          kind: 'replayed signature, changed body',
          body: body.slice(0, i) + c + body.slice(i + 1),
          signature: sign(body),
          contentType: 'application/json',
        })),
      fc
        .constantFrom(' ', '\n', '{}', ',"x":1')
        .map((extra) => ({
          kind: 'replayed signature, appended bytes',
          body: body + extra,
          signature: sign(body),
          contentType: 'application/json',
        })),
      fc.integer({ min: 1, max: body.length - 1 }).map((cut) => {
        const truncated = body.slice(0, cut);
        return {
          kind: 'truncated JSON, correctly signed',
          body: truncated,
          signature: sign(truncated),
          contentType: 'application/json',
        };
      }),
      fc
        .constantFrom(
          '',
          't=',
          'v1=abc',
          't=abc,v1=def',
          `t=${now}`,
          `t=${now},v0=${'0'.repeat(64)}`,
          'garbage',
          `t=${now},v1=${'a'.repeat(64)}`,
        )
        .map((signature) => ({ kind: 'malformed signature header', body, signature, contentType: 'application/json' })),
      fc.constant({ kind: 'no signature', body, contentType: 'application/json' }),
      fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'text/html',
        )
        .map((contentType) => ({ kind: 'wrong content type', body, signature: sign(body), contentType })),
    );
  });

  it('answers 400 with a reason to every one and stores nothing', async () => {
    const [{ n: before }] = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events`);
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(mutation, async (d) => {
        kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
        let req = request(stack.apiUrl).post('/api/stripe/webhook').set('Content-Type', d.contentType);
        if (d.signature !== undefined) req = req.set('Stripe-Signature', d.signature);
        const res = await req.send(d.body);
        if (res.status !== 400 || !messageOf(res.body))
          throw new Error(`${d.kind}: ${res.status} ${JSON.stringify(res.body)}`);
      }),
      { numRuns: RUNS },
    );
    const [{ n: after }] = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events`);
    expect(after).toBe(before);
    // Every kind of mutation was tried.
    expect([...kinds.keys()].sort()).toHaveLength(8);
    process.stdout.write(`[bad-input] webhook mutations: ${JSON.stringify(Object.fromEntries(kinds))}\n`);
  }, 180000);

  it('the same event, correctly signed as application/json, is accepted (the check can pass)', async () => {
    const body = event(42);
    await request(stack.apiUrl)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(body))
      .send(body)
      .expect(200);
  });

  /** A correctly signed event whose metadata holds `levels` nested arrays. */
  const nestedEvent = (n: number, levels: number) => {
    const body = event(n).replace('"metadata":{}', `"metadata":{"x":${'['.repeat(levels)}${']'.repeat(levels)}}`);
    expect(body).toContain('"x":[');
    return body;
  };

  it('refuses JSON nested deeper than any Stripe event with 400 before parsing it, even correctly signed; stores nothing', async () => {
    const [{ n: before }] = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events`);
    // 400,000 levels fit in the 1 MB limit; Postgres cannot store them as jsonb (a 503 Stripe would retry for days).
    for (const levels of [WEBHOOK_JSON_DEPTH_LIMIT, 3000, 400000]) {
      const body = nestedEvent(levels, levels);
      const res = await request(stack.apiUrl)
        .post('/api/stripe/webhook')
        .set('Content-Type', 'application/json')
        .set('Stripe-Signature', sign(body))
        .send(body);
      expect({ levels, status: res.status, message: res.body.message }).toEqual({
        levels,
        status: 400,
        message: tooDeepMessage(WEBHOOK_JSON_DEPTH_LIMIT),
      });
    }
    const [{ n: after }] = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events`);
    expect(after).toBe(before);
  });

  it('stores an event nested right up to the limit', async () => {
    // event, data, object and metadata are 4 levels before the arrays: 32 in all.
    const body = nestedEvent(43, WEBHOOK_JSON_DEPTH_LIMIT - 4);
    await request(stack.apiUrl)
      .post('/api/stripe/webhook')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', sign(body))
      .send(body)
      .expect(200);
  });
});
