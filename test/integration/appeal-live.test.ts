import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { addDays, dayOf } from '../../core/src/gifts/calendar.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The public appeal read as the page polls it: an ETag and "check each time", 304 while nothing shown changed, a
 * new answer and ETag once a gift is projected. And the appeal's "Show recent gifts on the page" switch: off for a
 * new appeal (the page lists no names, even of donors who chose "show my name"), on when staff turn it on
 * (audited), through the real API, the emulator and an in-process worker.
 */
const TZ = 'America/Chicago';
const donor = (email: string) => ({
  frequency: 'one-time',
  firstName: 'Lena',
  lastName: 'Hart',
  email,
  phone: '',
  address: '12 Elm Street',
  city: 'Leslie',
  state: 'AR',
  zipCode: '72645',
});

describe('the public appeal read: conditional answers and the recent gifts switch', () => {
  let stack: Stack;
  let stripe: Stripe;
  let owner: string;
  let appealId: string;
  const today = dayOf(new Date(), TZ);
  const page = (etag?: string) => {
    const req = request(stack.apiUrl).get('/api/appeals/books');
    return etag ? req.set('If-None-Match', etag) : req;
  };

  /** A $25 gift through the appeal, shown by name, made as the donate form makes it, projected by the worker. */
  async function give(email: string, raisedAfter: number): Promise<void> {
    const intent = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({ amount: 2500, donationData: donor(email), appeal: 'books', showName: true })
      .expect(200);
    await stripe.paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    await waitForProjection(stack, {
      predicate: async () =>
        Number(
          (await stack.db.query(`SELECT raised_cents FROM appeal_totals WHERE appeal_id = $1`, [appealId]))[0]
            .raised_cents,
        ) === raisedAfter,
      timeoutMs: 30_000,
    });
  }

  beforeAll(async () => {
    stack = await startStack();
    stripe = createStripeClient(stack.env);
    owner = (await signIn(stack)).token;
    const created = await authed(stack, owner)
      .post('/api/admin/appeals')
      .send({
        name: 'Library books',
        slug: 'books',
        goalKind: 'dollars',
        goalCents: 100_000,
        startsOn: today,
        endsOn: addDays(today, 6),
      })
      .expect(201);
    appealId = created.body.id;
    await authed(stack, owner).post(`/api/admin/appeals/${appealId}/publish`).expect(200);
  }, 60_000);
  afterAll(() => stack?.stop());

  it('200 with an ETag, 304 on that ETag, then 200 with a new ETag after a gift is projected', async () => {
    const first = await page().expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"appeal-[A-Za-z0-9_-]+"$/);
    expect(first.body).toMatchObject({ raisedCents: 0, giftCount: 0 });

    const same = await page(etag).expect(304);
    expect(same.text).toBe('');
    expect(same.headers.etag).toBe(etag);
    expect(same.headers['cache-control']).toBe('no-cache');
    // A list of ETags (what a browser holding several copies sends) matches too; another ETag does not.
    await page(`W/"appeal-other", ${etag}`).expect(304);
    await page('W/"appeal-other"').expect(200);

    await give('lena@example.org', 2500);
    const after = await page(etag).expect(200);
    expect(after.body).toMatchObject({ raisedCents: 2500, giftCount: 1, donorCount: 1 });
    expect(after.headers.etag).not.toBe(etag);
    await page(after.headers.etag as string).expect(304);
  }, 60_000);

  it('a new appeal lists no recent gifts; staff turn them on (audited) and the page lists the named gifts', async () => {
    const admin = (await authed(stack, owner).get(`/api/admin/appeals/${appealId}`).expect(200)).body;
    expect(admin.showRecentGifts).toBe(false);
    expect(admin.page.recentGifts).toEqual([]);
    const before = await page().expect(200);
    expect(before.body.recentGifts).toEqual([]);

    const on = await authed(stack, owner)
      .patch(`/api/admin/appeals/${appealId}`)
      .send({ showRecentGifts: true })
      .expect(200);
    expect(on.body.showRecentGifts).toBe(true);
    const shown = await page(before.headers.etag as string).expect(200);
    expect(shown.body.recentGifts).toEqual([{ firstName: 'Lena', city: 'Leslie' }]);
    const [audit] = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'appeal.updated' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.details).toMatchObject({ appealId, changed: ['show_recent_gifts'] });

    await authed(stack, owner).patch(`/api/admin/appeals/${appealId}`).send({ showRecentGifts: false }).expect(200);
    expect((await page().expect(200)).body.recentGifts).toEqual([]);
    await authed(stack, owner).patch(`/api/admin/appeals/${appealId}`).send({ showRecentGifts: 'yes' }).expect(400);
  }, 60_000);
});
