import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { createPaymentIntent } from '../../web/src/features/donate/api/create-payment-intent.js';
import { emptyDonationForm } from '../../web/src/features/donate/types.js';
import { signIn } from '../helpers/admin.js';
import { buildEvent, fixture, postEvent, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Stripe's API down (nothing listens) or slow and failing (answers 500 after 2 s) while an admin creates or
 * deletes a donor, and while a donor starts a gift. The admin gets a clear error, nothing is half-written
 * (no donor row, no tombstone, no audit entry of a change that did not happen), and the donate page shows
 * 'Failed to create payment intent'.
 */
type Mode = 'down' | 'slow';

class FakeStripeHost {
  server?: Server;
  port = 0;
  hits = 0;
  async listen(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      this.hits++;
      req.resume();
      setTimeout(() => {
        res.writeHead(500, { 'Content-Type': 'application/json', 'Request-Id': 'req_fault' });
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
      }, 2000);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }
  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
    this.server = undefined;
  }
  async set(mode: Mode): Promise<void> {
    if (mode === 'down') await this.close();
    else if (!this.server) await this.listen();
  }
}

describe('Stripe API down or slow', () => {
  const host = new FakeStripeHost();
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    await host.listen();
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: `http://127.0.0.1:${host.port}` } });
    ({ token } = await signIn(stack));
  });
  afterAll(async () => {
    await stack.stop();
    await host.close();
  });

  const counts = async () =>
    (
      await stack.db.query(
        `SELECT (SELECT count(*)::int FROM donors) AS donors, (SELECT count(*)::int FROM donors WHERE deleted_at IS NOT NULL) AS deleted,
                (SELECT count(*)::int FROM donation_records) AS records,
                (SELECT count(*)::int FROM audit_log WHERE action IN ('donor.created', 'donor.deleted')) AS audited`,
      )
    )[0];

  const adminCall = (path: string, method: 'post' | 'delete', body?: object) => {
    const req = request(stack.apiUrl)[method](path).set('Authorization', `Bearer ${token}`);
    return (body ? req.send(body) : req).timeout(40000);
  };

  it.each<Mode>(['down', 'slow'])(
    'creating or deleting a donor while Stripe is %s: 502 with a clear message, nothing written',
    async (mode) => {
      const donor = fixture('customer', {
        id: `cus_fault${mode}`,
        name: 'Kept Donor',
        email: `kept-${mode}@example.org`,
      });
      await postEvent(stack, buildEvent('customer.created', donor)).expect(200);
      await waitForProjection(stack);
      await host.set(mode);
      const before = await counts();

      const t = Date.now();
      const created = await adminCall('/api/stripe/customers', 'post', {
        name: 'New Donor',
        email: 'new.donor@example.org',
      });
      const createMs = Date.now() - t;
      expect(created.status).toBe(502);
      expect(created.body.message).toBe(
        'Could not create the donor: the payment provider did not answer correctly. Nothing was changed; please try again.',
      );

      const deleted = await adminCall(`/api/stripe/customer/${donor.id}`, 'delete');
      expect(deleted.status).toBe(502);
      expect(deleted.body.message).toMatch(/^Could not delete the donor: .*Nothing was changed/);

      expect(await counts()).toEqual(before);
      const [row] = await stack.db.query(`SELECT deleted_at FROM donors WHERE id = $1`, [donor.id]);
      expect(row.deleted_at).toBeNull();
      if (mode === 'slow') expect(host.hits).toBeGreaterThan(0);
      process.stdout.write(`[faults] Stripe ${mode}: donor create answered 502 in ${createMs} ms\n`);
    },
    60000,
  );

  it.each<Mode>(['down', 'slow'])(
    "a donation attempt while Stripe is %s: the API answers {message} and the donate page shows 'Failed to create payment intent'",
    async (mode) => {
      await host.set(mode);
      const before = await counts();
      const donationData = {
        frequency: 'one-time',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada.${mode}@example.org`,
        amount: '50',
      };
      const res = await request(stack.apiUrl)
        .post('/api/create-payment-intent')
        .send({ amount: 5000, donationData })
        .timeout(40000);
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('Failed to create payment intent');

      // The web client's own call, pointed at this API: the text the donor sees.
      const realFetch = globalThis.fetch;
      globalThis.fetch = ((url: string, init?: RequestInit) =>
        realFetch(new URL(url, stack.apiUrl), init)) as typeof fetch;
      try {
        await expect(
          createPaymentIntent(5000, { ...emptyDonationForm, ...donationData, frequency: 'one-time' }, 'card'),
        ).rejects.toThrow(/^Failed to create payment intent$/);
      } finally {
        globalThis.fetch = realFetch;
      }
      expect(await counts()).toEqual(before);
    },
    90000,
  );
});
