import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Stripe failing part-way through an erasure (issue 25, item 4): the API reaches the emulator through a proxy of
 * the test's that answers 500 to every charge update while `failCharges` is set. The erasure answers 502, our
 * rows still hold the donor (nothing claims "erased"), and Erase again finishes at Stripe and here.
 */
describe('an erasure that Stripe interrupts is finished by trying again', () => {
  let stack: Stack;
  let stripe: Stripe;
  let owner: string;
  let proxy: Server;
  let target = '';
  let failCharges = false;
  const GILL = {
    frequency: 'one-time',
    firstName: 'Gill',
    lastName: 'Retry',
    email: 'gill.retry@example.org',
    phone: '(870) 555-0111',
  };

  beforeAll(async () => {
    proxy = createServer((req, res) => {
      if (failCharges && req.method === 'POST' && /^\/v1\/charges\/ch_/.test(req.url ?? '')) {
        req.resume();
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { type: 'api_error', message: 'Injected failure' } }));
        return;
      }
      const up = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(up);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    stack = await startStack({ workers: 1, env: { STRIPE_API_BASE: proxyUrl } });
    target = stack.emulator!.url;
    stripe = createStripeClient({ STRIPE_SECRET_KEY: stack.env.STRIPE_SECRET_KEY, STRIPE_API_BASE: target });
    owner = (await signIn(stack)).token;
  }, 60_000);
  afterAll(async () => {
    await stack?.stop();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it('answers 502 with the donor untouched here, then erases on the second try', async () => {
    const start = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({ amount: 3000, donationData: GILL })
      .expect(200);
    await stripe.paymentIntents.confirm(start.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    const pi = await stripe.paymentIntents.retrieve(start.body.paymentIntentId);
    const customer = pi.customer as string;
    await waitForProjection(stack, {
      timeoutMs: 30_000,
      predicate: async () =>
        stack.emulator!.pendingWebhooks() === 0 &&
        (await stack.db.query(`SELECT 1 FROM charges WHERE customer_id = $1`, [customer])).length === 1,
    });

    failCharges = true;
    const failed = await authed(stack, owner)
      .post(`/api/admin/donors/${customer}/erase`)
      .send({ confirmName: 'Gill Retry' })
      .expect(502);
    expect(failed.body.message).toBe(
      'Could not erase the donor: the payment provider did not answer correctly. Nothing was erased on our side; please try again.',
    );
    // Stripe got part of the way (the payment intent lost its donor keys); nothing here says erased.
    expect(
      Object.keys((await stripe.paymentIntents.retrieve(pi.id)).metadata).filter((k) => k.startsWith('donor_')),
    ).toEqual([]);
    expect((await stripe.charges.retrieve(pi.latest_charge as string)).metadata).toMatchObject({
      donor_email: GILL.email,
    });
    expect(await stack.db.query(`SELECT name, erased_at FROM donors WHERE id = $1`, [customer])).toEqual([
      { name: 'Gill Retry', erased_at: null },
    ]);
    expect(await stack.db.query(`SELECT 1 FROM audit_log WHERE action = 'donor.erased'`)).toEqual([]);
    await expect(stripe.customers.retrieve(customer)).resolves.not.toMatchObject({ deleted: true });

    failCharges = false;
    await authed(stack, owner)
      .post(`/api/admin/donors/${customer}/erase`)
      .send({ confirmName: 'Gill Retry' })
      .expect(200);
    expect(
      Object.keys((await stripe.charges.retrieve(pi.latest_charge as string)).metadata).filter((k) =>
        k.startsWith('donor_'),
      ),
    ).toEqual([]);
    await expect(stripe.customers.retrieve(customer)).resolves.toMatchObject({ deleted: true });
    const [audit] = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'donor.erased'`);
    // The second try asked Stripe only for what was left: the charge.
    expect(audit.details.stripeScrubbed).toEqual({ paymentIntents: 0, charges: 1, subscriptions: 0, invoices: 0 });
    expect((await stack.db.query(`SELECT name FROM donors WHERE id = $1`, [customer]))[0].name).toBe('Erased donor');
  });
});
