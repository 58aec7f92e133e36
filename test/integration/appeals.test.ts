import request from 'supertest';
import type { QueryRunner } from 'typeorm';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { dayOf, addDays } from '../../core/src/gifts/calendar.js';
import { rebuildAppealTotals } from '../../core/src/appeals/appeal-totals.js';
import { AppealCoverPhotoId1764900000000 } from '../../migrations/1764900000000-AppealCoverPhotoId.js';
import { replayEvents } from '../../core/src/inbox/event-replay.js';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { phoneJpeg } from '../helpers/photos.js';
import { openReplayTools } from '../helpers/replay.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { pgQueryable } from '../../core/src/db/queryable.js';

/**
 * Appeals through the real API, the Stripe emulator (every webhook delivered three times, shuffled) and an
 * in-process worker: a gift made through an appeal is credited from its Stripe metadata, a plan's first gift is
 * credited and its renewals only when the goal counts recurring donors, the kept totals equal a recomputation
 * from the emulator's charges read through the SDK (and from the rows), a replay of every event changes
 * nothing, a closed appeal refuses gifts, a moved gift moves its totals (audited) and stays moved, and a manual
 * gift and a CSV import can name an appeal.
 */
const DAY = 86_400;
const TZ = 'America/Chicago';
const donor = (email: string, frequency = 'one-time') => ({
  frequency,
  firstName: 'Rosa',
  lastName: 'Fields',
  email,
  phone: '',
  address: '4 Mill Street',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
});

interface Totals {
  raised_cents: string;
  gift_count: number;
  donor_count: number;
  recurring_started: number;
}

describe('appeals: attribution, kept totals, closing, moving', () => {
  let stack: Stack;
  let stripe: Stripe;
  let owner: string;
  let bookkeeper: string;
  const ids: Record<string, string> = {};
  const today = dayOf(new Date(), TZ);

  const intent = (body: object) => request(stack.apiUrl).post('/api/create-payment-intent').send(body);
  const totals = async (id: string): Promise<Totals> =>
    (
      await stack.db.query(
        `SELECT raised_cents, gift_count, donor_count, recurring_started FROM appeal_totals WHERE appeal_id = $1`,
        [id],
      )
    )[0];

  /** What each appeal should hold, from the emulator's charges through the SDK alone (plus the manual gifts). */
  async function expectedFromStripe(
    manual: Record<string, number[]>,
  ): Promise<Record<string, { raised: number; gifts: number }>> {
    const goalKind: Record<string, string> = {};
    for (const r of await stack.db.query(`SELECT id, goal_kind FROM appeals`)) goalKind[r.id] = r.goal_kind;
    const out: Record<string, { raised: number; gifts: number }> = {};
    const add = (appeal: string, cents: number) => {
      out[appeal] ??= { raised: 0, gifts: 0 };
      out[appeal].raised += cents;
      out[appeal].gifts += 1;
    };
    const charges = await stripe.charges.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
    for (const ch of charges) {
      if (ch.status !== 'succeeded') continue;
      const pi = await stripe.paymentIntents.retrieve(ch.payment_intent as string);
      const net = ch.amount - ch.amount_refunded;
      if (pi.metadata.appeal_id) {
        add(pi.metadata.appeal_id, net);
        continue;
      }
      const payments = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: pi.id },
      });
      const invoiceId = payments.data[0]?.invoice as string | undefined;
      if (!invoiceId) continue;
      const invoice = await stripe.invoices.retrieve(
        typeof invoiceId === 'string' ? invoiceId : (invoiceId as Stripe.Invoice).id!,
      );
      const subId = invoice.parent?.subscription_details?.subscription as string;
      const sub = await stripe.subscriptions.retrieve(subId);
      const appeal = sub.metadata.appeal_id;
      if (!appeal) continue;
      if (invoice.billing_reason === 'subscription_create' || goalKind[appeal] === 'new_monthly_donors')
        add(appeal, net);
    }
    for (const [appeal, amounts] of Object.entries(manual)) for (const a of amounts) add(appeal, a);
    return out;
  }

  /** Every stored event projected again (what `npm run events:replay` does), then drained. */
  async function replayAll(): Promise<number> {
    const tools = await openReplayTools(stack);
    try {
      const n = await replayEvents(tools.ds, tools.producer, { since: new Date(0) });
      await waitForProjection(stack, { timeoutMs: 60_000 });
      return n;
    } finally {
      await tools.close();
    }
  }

  beforeAll(async () => {
    stack = await startStack();
    stripe = createStripeClient(stack.env);
    owner = (await signIn(stack)).token;
    bookkeeper = (await signIn(stack, await createAdmin(stack, { email: 'books@example.org', role: 'bookkeeper' })))
      .token;
    // Gifts are made 40 days back, so the renewal a month later is still in the past (the API refuses future events).
    await stack.emulator!.advanceClock(-40 * DAY);
    stack.emulator!.setFaults({ duplicates: 3, shuffle: true });
  }, 60_000);
  afterAll(() => stack?.stop());

  it('staff create, edit and publish appeals (audited); drafts are not public; the story is cleaned', async () => {
    const van = await authed(stack, bookkeeper)
      .post('/api/admin/appeals')
      .send({
        name: 'A new van',
        slug: 'van',
        storyHtml: '<p>Help us <strong>ride</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        goalKind: 'dollars',
        goalCents: 500_000,
        startsOn: today,
        endsOn: addDays(today, 9),
        matchText: 'Every gift doubled up to $50 by the Smith Family Foundation',
        matchCapCents: 5000,
        thankYouText: 'Thank you for keeping us rolling.',
        showRecentGifts: true,
      })
      .expect(201);
    ids.van = van.body.id;
    expect(van.body).toMatchObject({
      status: 'draft',
      startsOn: today,
      endsOn: addDays(today, 9),
      page: { daysLeft: 10 },
    });
    // The site's one rich-text rule: the script and the javascript: address gone, every link rel="noopener".
    expect(van.body.page.storyHtml).toBe('<p>Help us <strong>ride</strong>.</p><a rel="noopener">x</a>');
    await request(stack.apiUrl).get('/api/appeals/van').expect(404);
    await authed(stack, owner)
      .post('/api/admin/appeals')
      .send({ name: 'Taken', slug: 'van', goalKind: 'donors', goalCount: 5, startsOn: today, endsOn: today })
      .expect(409);
    await authed(stack, owner)
      .post('/api/admin/appeals')
      .send({ name: 'Bad', slug: 'Bad Slug', goalKind: 'donors', goalCount: 5, startsOn: today, endsOn: today })
      .expect(400);
    await authed(stack, owner)
      .post('/api/admin/appeals')
      .send({ name: 'Bad', slug: 'bad', goalKind: 'dollars', startsOn: today, endsOn: today })
      .expect(400);
    const families = await authed(stack, owner)
      .post('/api/admin/appeals')
      .send({
        name: 'New families',
        slug: 'new-families',
        goalKind: 'new_monthly_donors',
        goalCount: 10,
        startsOn: today,
        endsOn: addDays(today, 30),
      })
      .expect(201);
    ids.families = families.body.id;
    const gone = await authed(stack, owner)
      .post('/api/admin/appeals')
      .send({
        name: 'Spring',
        slug: 'spring',
        goalKind: 'donors',
        goalCount: 10,
        startsOn: today,
        endsOn: addDays(today, 3),
      })
      .expect(201);
    ids.spring = gone.body.id;
    await authed(stack, owner).patch(`/api/admin/appeals/${ids.van}`).send({ name: 'A new van!' }).expect(200);
    for (const id of [ids.van, ids.families, ids.spring])
      await authed(stack, bookkeeper).post(`/api/admin/appeals/${id}/publish`).expect(200);
    await authed(stack, owner).post(`/api/admin/appeals/${ids.spring}/end`).expect(200);
    const page = await request(stack.apiUrl).get('/api/appeals/van').expect(200);
    expect(page.body).toMatchObject({ name: 'A new van!', state: 'open', raisedCents: 0, goalCents: 500_000 });
    expect((await request(stack.apiUrl).get('/api/appeals/spring').expect(200)).body.state).toBe('closed');
    const audit = await stack.db.query(`SELECT action FROM audit_log WHERE action LIKE 'appeal.%' ORDER BY id`);
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'appeal.created',
      'appeal.created',
      'appeal.created',
      'appeal.updated',
      'appeal.published',
      'appeal.published',
      'appeal.published',
      'appeal.ended',
    ]);
  });

  it("an appeal's cover is one of the library's photos with alt text, changed by owners only, served sized", async () => {
    const api = authed(stack, owner);
    const photo = await api
      .post('/api/admin/website/photos')
      .set('Content-Type', 'image/jpeg')
      .send(await phoneJpeg({ colour: '#7a5c2c', width: 600, height: 400 }))
      .expect(201);
    const noAlt = await api.patch(`/api/admin/appeals/${ids.van}`).send({ coverPhotoId: photo.body.id }).expect(400);
    expect(noAlt.body.error).toMatch(/no alt text yet/);
    const gone = await api
      .patch(`/api/admin/appeals/${ids.van}`)
      .send({ coverPhotoId: '00000000-0000-4000-8000-000000000000' })
      .expect(400);
    expect(gone.body.error).toMatch(/no longer in the library/);
    await api.patch(`/api/admin/appeals/${ids.van}`).send({ coverPhotoId: 'a-photo' }).expect(400);

    const alt = 'The old van parked by the school, its door held shut with tape.';
    await api.patch(`/api/admin/website/photos/${photo.body.id}`).send({ alt }).expect(200);
    // A bookkeeper has no photo library: refused a cover, but saving the form with the cover it has is fine.
    const refused = await authed(stack, bookkeeper)
      .patch(`/api/admin/appeals/${ids.van}`)
      .send({ coverPhotoId: photo.body.id })
      .expect(403);
    expect(refused.body.error).toMatch(/Only an owner can change the cover photo/);
    const saved = await api.patch(`/api/admin/appeals/${ids.van}`).send({ coverPhotoId: photo.body.id }).expect(200);
    expect(saved.body).toMatchObject({
      coverPhotoId: photo.body.id,
      page: { coverPhoto: { alt, image: photo.body.image } },
    });
    await authed(stack, bookkeeper)
      .patch(`/api/admin/appeals/${ids.van}`)
      .send({ name: 'A new van!', coverPhotoId: photo.body.id })
      .expect(200);

    // Visitors get it with its alt text and every size (AVIF, WebP, JPEG) the media route serves.
    const page = (await request(stack.apiUrl).get('/api/appeals/van').expect(200)).body;
    expect(page.coverPhoto.alt).toBe(alt);
    expect(page.coverPhoto.image.sources.map((x: { type: string }) => x.type)).toEqual([
      'image/avif',
      'image/webp',
      'image/jpeg',
    ]);
    await request(stack.apiUrl).get(page.coverPhoto.image.src).expect(200).expect('Content-Type', 'image/jpeg');

    // In use as a cover, the photo is not deleted; the refusal names the appeal.
    const inUse = await api.delete(`/api/admin/website/photos/${photo.body.id}`).expect(409);
    expect(inUse.body.error).toContain('Appeal "A new van!"');
    const audit = await stack.db.query(
      `SELECT details FROM audit_log WHERE action = 'appeal.updated' AND details->'changed' ? 'cover_photo_id'`,
    );
    expect(audit).toHaveLength(1);
    await api.patch(`/api/admin/appeals/${ids.van}`).send({ coverPhotoId: null }).expect(200);
    expect((await request(stack.apiUrl).get('/api/appeals/van').expect(200)).body.coverPhoto).toBeNull();
    await api.delete(`/api/admin/website/photos/${photo.body.id}`).expect(204);
  });

  it('a closed appeal refuses gifts with 409 and points to the general donate page', async () => {
    const res = await intent({ amount: 5000, donationData: donor('late@example.org'), appeal: 'spring' }).expect(409);
    expect(res.body.message).toContain('/donate');
    await intent({ amount: 5000, donationData: donor('late@example.org'), appeal: 'nope' }).expect(404);
  });

  it('credits one-time gifts and a plan (first gift; renewals only for a recurring-donor goal) once each, whatever the deliveries', async () => {
    // $50, shown by name, from a tracked link.
    const a = await intent({
      amount: 5000,
      donationData: donor('ann@example.org'),
      appeal: 'van',
      utmSource: 'newsletter',
      utmCampaign: 'fall',
      showName: true,
    }).expect(200);
    const piA = await stripe.paymentIntents.retrieve(a.body.paymentIntentId);
    expect(piA.metadata).toMatchObject({
      appeal_id: ids.van,
      utm_source: 'newsletter',
      utm_campaign: 'fall',
      show_name: 'yes',
    });
    await stripe.paymentIntents.confirm(piA.id, { payment_method: 'pm_card_visa' });
    // $20, $5 of it refunded.
    const b = await intent({ amount: 2000, donationData: donor('bo@example.org'), appeal: 'van' }).expect(200);
    await stripe.paymentIntents.confirm(b.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: b.body.paymentIntentId, amount: 500 });
    // Monthly $30 through the van (a dollars goal): the first gift counts, the renewal does not.
    const c = await intent({ amount: 3000, donationData: donor('cy@example.org', 'monthly'), appeal: 'van' }).expect(
      200,
    );
    expect((await stripe.subscriptions.retrieve(c.body.subscriptionId)).metadata.appeal_id).toBe(ids.van);
    await stripe.paymentIntents.confirm(c.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    // Monthly $25 through new families (counts recurring donors): first gift and renewal both count.
    const d = await intent({
      amount: 2500,
      donationData: donor('di@example.org', 'monthly'),
      appeal: 'new-families',
    }).expect(200);
    await stripe.paymentIntents.confirm(d.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' });
    // A gift through no appeal.
    const e = await intent({ amount: 1000, donationData: donor('ed@example.org') }).expect(200);
    await stripe.paymentIntents.confirm(e.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    await stack.emulator!.advanceClock(32 * DAY);
    await stack.emulator!.flushWebhooks(60_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE status = 'succeeded' AND subscription_id IS NOT NULL`))
          .length === 4,
      timeoutMs: 60_000,
    });
    await waitForProjection(stack, {
      predicate: async () => Number((await totals(ids.van)).raised_cents) === 5000 + 1500 + 3000,
      timeoutMs: 30_000,
    });

    const expected = await expectedFromStripe({});
    expect(expected[ids.van]).toEqual({ raised: 9500, gifts: 3 });
    expect(expected[ids.families]).toEqual({ raised: 5000, gifts: 2 });
    expect(await totals(ids.van)).toMatchObject({
      raised_cents: '9500',
      gift_count: 3,
      donor_count: 3,
      recurring_started: 1,
    });
    expect(await totals(ids.families)).toMatchObject({
      raised_cents: '5000',
      gift_count: 2,
      donor_count: 1,
      recurring_started: 1,
    });
    const [charge] = await stack.db.query(
      `SELECT utm_source, utm_campaign, show_name FROM charges WHERE payment_intent_id = $1`,
      [piA.id],
    );
    expect(charge).toEqual({ utm_source: 'newsletter', utm_campaign: 'fall', show_name: true });
    const [plan] = await stack.db.query(`SELECT appeal_id FROM subscriptions WHERE id = $1`, [c.body.subscriptionId]);
    expect(plan.appeal_id).toBe(ids.van);

    const page = (await request(stack.apiUrl).get('/api/appeals/van').expect(200)).body;
    expect(page).toMatchObject({ raisedCents: 9500, donorCount: 3, giftCount: 3, matchedCents: 5000 });
    expect(page.recentGifts).toEqual([{ firstName: 'Rosa', city: 'Marshall' }]);

    // The kept totals equal a rebuild from the rows (in a transaction rolled back).
    const before = await stack.db.query(`SELECT * FROM appeal_totals ORDER BY appeal_id`);
    const client = await stack.db.pool.connect();
    let rebuilt: Totals[];
    try {
      await client.query('BEGIN');
      await rebuildAppealTotals(pgQueryable(client));
      rebuilt = (await client.query(`SELECT * FROM appeal_totals ORDER BY appeal_id`)).rows;
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
    expect(rebuilt.filter((r: Totals) => r.gift_count > 0)).toEqual(before.filter((r: Totals) => r.gift_count > 0));

    // Every event replayed: nothing is credited twice.
    expect(await replayAll()).toBeGreaterThan(10);
    expect(await stack.db.query(`SELECT * FROM appeal_totals ORDER BY appeal_id`)).toEqual(before);
  }, 180_000);

  it('a moved gift moves its totals, is audited, and stays moved when its events come again', async () => {
    const [ch] = await stack.db.query(
      `SELECT id, amount - amount_refunded AS net FROM charges WHERE appeal_id = $1 AND subscription_id IS NULL ORDER BY amount LIMIT 1`,
      [ids.van],
    );
    await authed(stack, bookkeeper)
      .patch(`/api/admin/transactions/${ch.id}/appeal`)
      .send({ appealId: ids.families })
      .expect(200);
    expect(await totals(ids.van)).toMatchObject({
      raised_cents: String(9500 - Number(ch.net)),
      gift_count: 2,
      donor_count: 2,
    });
    expect(await totals(ids.families)).toMatchObject({
      raised_cents: String(5000 + Number(ch.net)),
      gift_count: 3,
      donor_count: 2,
    });
    const [audit] = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'gift.appeal_moved'`);
    expect(audit.details).toMatchObject({ giftId: ch.id, from: ids.van, to: ids.families });
    await replayAll();
    expect((await stack.db.query(`SELECT appeal_id FROM charges WHERE id = $1`, [ch.id]))[0].appeal_id).toBe(
      ids.families,
    );
    expect(await totals(ids.families)).toMatchObject({ gift_count: 3 });
    await authed(stack, bookkeeper)
      .patch(`/api/admin/transactions/${ch.id}/appeal`)
      .send({ appealId: ids.van })
      .expect(200);
    await authed(stack, bookkeeper)
      .patch(`/api/admin/transactions/ch_nope/appeal`)
      .send({ appealId: ids.van })
      .expect(404);
  }, 120_000);

  it('a manual gift and a CSV import can name an appeal; its totals follow', async () => {
    const check = (appealId: string) =>
      authed(stack, bookkeeper)
        .post('/api/admin/manual-donations')
        .send({ donorName: 'Chet Check', amount: '100.00', donationType: 'check', donationDate: today, appealId });
    await check(ids.van).expect(201);
    await check('00000000-0000-4000-8000-000000000000').expect(400);
    expect(await totals(ids.van)).toMatchObject({ raised_cents: String(9500 + 10000), gift_count: 4 });

    const csv = `Name,Date,Amount,Appeal\nIda Import,${today},$40.00,New Families\n`;
    const up = await authed(stack, owner)
      .post('/api/admin/donor-imports?fileName=gifts.csv')
      .set('Content-Type', 'text/csv')
      .send(Buffer.from(csv));
    expect([200, 201]).toContain(up.status);
    const importId = up.body.id;
    await authed(stack, owner)
      .post(`/api/admin/donor-imports/${importId}/preview`)
      .send({ mapping: { name: 0, giftDate: 1, amount: 2, appeal: 3 } })
      .expect(200);
    for (let calls = 0; calls < 10; calls++) {
      const r = await authed(stack, owner).post(`/api/admin/donor-imports/${importId}/import`).send({}).expect(200);
      if (r.body.finished) break;
    }
    await waitForProjection(stack, {
      predicate: async () => (await totals(ids.families)).gift_count === 3,
      timeoutMs: 30_000,
    });
    expect(await totals(ids.families)).toMatchObject({ raised_cents: String(5000 + 4000), gift_count: 3 });
    const expected = await expectedFromStripe({ [ids.van]: [10000], [ids.families]: [4000] });
    expect(Number((await totals(ids.van)).raised_cents)).toBe(expected[ids.van].raised);
    expect(Number((await totals(ids.families)).raised_cents)).toBe(expected[ids.families].raised);
  }, 60_000);

  it('the cover migration carries a /media/ cover over to its photo id, and an unknown address to none', async () => {
    const api = authed(stack, owner);
    const photo = await api
      .post('/api/admin/website/photos')
      .set('Content-Type', 'image/jpeg')
      .send(await phoneJpeg({ colour: '#2c4a7a', width: 600, height: 400 }))
      .expect(201);
    const migration = new AppealCoverPhotoId1764900000000();
    const runner = { query: (sql: string) => stack.db.query(sql) } as unknown as QueryRunner;
    // The table as it was before: covers named by one of their files' /media/ addresses.
    await migration.down(runner);
    await stack.db.query(`UPDATE appeals SET cover_photo_url = $2 WHERE id = $1`, [ids.van, photo.body.image.src]);
    await stack.db.query(`UPDATE appeals SET cover_photo_url = '/media/0123456789abcdef-960.jpg' WHERE id = $1`, [
      ids.families,
    ]);
    await migration.up(runner);
    const rows = await stack.db.query(`SELECT id, cover_photo_id FROM appeals WHERE id = ANY($1::uuid[])`, [
      [ids.van, ids.families],
    ]);
    expect(
      Object.fromEntries(rows.map((r: { id: string; cover_photo_id: string | null }) => [r.id, r.cover_photo_id])),
    ).toEqual({ [ids.van]: photo.body.id, [ids.families]: null });
  });
});
