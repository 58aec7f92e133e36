import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { addDays, dayOf } from '../../core/src/gifts/calendar.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * An appeal's new donors, kept in the read model (appeal_totals.new_donor_count) by every writer of a gift, equal
 * the definition the Appeals report counted at read time, recomputed here from the raw gift rows: a donor with a
 * counted gift to the appeal (a succeeded charge or a manual gift credited to it) whose first gift to the school
 * (succeeded charge or manual gift, credited to anything) came on or after the appeal's first instant. Through the
 * real API, the emulator (every webhook delivered three times, shuffled) and an in-process worker, with a refund,
 * manual gifts (one backdated, then deleted), a move between appeals, a merge and a change of the first day.
 */
const TZ = 'America/Chicago';
const donor = (email: string, firstName: string) => ({
  frequency: 'one-time',
  firstName,
  lastName: 'Reyes',
  email,
  phone: '',
  address: '3 Hill Road',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
});

describe("appeals' new donors, kept with the totals", () => {
  let stack: Stack;
  let stripe: Stripe;
  let owner: string;
  const ids: Record<string, string> = {};
  const today = dayOf(new Date(), TZ);
  const admin = () => authed(stack, owner);

  /** By the old definition, from charges and manual_donations alone: appeal id -> new donors. */
  async function expectedFromRows(): Promise<Record<string, number>> {
    const rows: Array<{ id: string; n: number }> = await stack.db.query(
      `WITH gifts AS (
         SELECT customer_id, created AS at, appeal_id FROM charges WHERE status = 'succeeded'
         UNION ALL SELECT stripe_customer_id, donation_date, appeal_id FROM manual_donations),
       first AS (SELECT customer_id, min(at) AS first_at FROM gifts WHERE customer_id IS NOT NULL GROUP BY 1)
       SELECT a.id, count(DISTINCT g.customer_id) FILTER (WHERE f.first_at >= a.starts_at)::int AS n
         FROM appeals a LEFT JOIN gifts g ON g.appeal_id = a.id LEFT JOIN first f ON f.customer_id = g.customer_id
        GROUP BY a.id`,
    );
    return Object.fromEntries(rows.map((r) => [r.id, r.n]));
  }

  /** The kept counts, as the report reads them, and the same from the appeal donors' rows. */
  async function kept(): Promise<{ totals: Record<string, number>; report: Record<string, number> }> {
    const totals: Array<{ appeal_id: string; n: number }> = await stack.db.query(
      `SELECT appeal_id, new_donor_count AS n FROM appeal_totals`,
    );
    const report = (await admin().get('/api/admin/appeal-reports').expect(200)).body.appeals as Array<{
      id: string;
      newDonorCount: number;
    }>;
    return {
      totals: Object.fromEntries(totals.map((r) => [r.appeal_id, r.n])),
      report: Object.fromEntries(report.map((r) => [r.id, r.newDonorCount])),
    };
  }

  /** Each donor's first and last gift as kept (donor_totals) and as the raw gift rows have them. */
  async function firstAndLast(): Promise<{ kept: unknown[]; rows: unknown[] }> {
    const kept = await stack.db.query(
      `SELECT customer_id, first_gift_at, last_gift_at FROM donor_totals WHERE first_gift_at IS NOT NULL ORDER BY 1`,
    );
    const rows = await stack.db.query(
      `SELECT customer_id, min(at) AS first_gift_at, max(at) AS last_gift_at FROM (
         SELECT customer_id, created AS at FROM charges WHERE status = 'succeeded'
         UNION ALL SELECT stripe_customer_id, donation_date FROM manual_donations) g
        WHERE customer_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    return { kept, rows };
  }

  async function expectKeptAsRows(expected: Record<string, number>): Promise<void> {
    expect(await expectedFromRows()).toEqual(expected);
    expect(await kept()).toEqual({ totals: expected, report: expected });
    // The first gift the counts rest on: kept by the batches (moved by the gifts they add, re-read when one is lost).
    const { kept: first, rows } = await firstAndLast();
    expect(first).toEqual(rows);
    expect(rows.length).toBeGreaterThan(0);
  }

  async function give(email: string, firstName: string, cents: number, appeal: string): Promise<string> {
    const intent = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({ amount: cents, donationData: donor(email, firstName), appeal })
      .expect(200);
    await stripe.paymentIntents.confirm(intent.body.paymentIntentId, { payment_method: 'pm_card_visa' });
    return intent.body.paymentIntentId as string;
  }

  const manual = (body: Record<string, unknown>) =>
    admin()
      .post('/api/admin/manual-donations')
      .send({ donorName: 'Olga Reyes', amount: '100.00', donationType: 'check', donationDate: today, ...body })
      .expect(201);

  beforeAll(async () => {
    stack = await startStack();
    stripe = createStripeClient(stack.env);
    owner = (await signIn(stack)).token;
    stack.emulator!.setFaults({ duplicates: 3, shuffle: true });
    for (const [key, slug] of [
      ['fall', 'fall'],
      ['winter', 'winter'],
    ]) {
      const created = await admin()
        .post('/api/admin/appeals')
        .send({
          name: `The ${slug} appeal`,
          slug,
          goalKind: 'donors',
          goalCount: 50,
          startsOn: today,
          endsOn: addDays(today, 9),
        })
        .expect(201);
      ids[key] = created.body.id;
      await admin().post(`/api/admin/appeals/${ids[key]}/publish`).expect(200);
    }
  }, 60_000);
  afterAll(() => stack?.stop());

  it('after a mixed history the kept count equals the old definition over the rows, at every step', async () => {
    // Olga gave long before the appeals (a check 100 days ago), then gives to the fall appeal: not new to it.
    const olga = (
      await admin().post('/api/stripe/customers').send({ name: 'Olga Reyes', email: 'olga@example.org' }).expect(201)
    ).body.id as string;
    await manual({ stripeCustomerId: olga, donationDate: addDays(today, -100) });
    await manual({ stripeCustomerId: olga, appealId: ids.fall });

    // Card gifts through the appeals, every event delivered three times in a shuffled order; Bo's is refunded in part.
    await give('ann@example.org', 'Ann', 5000, 'fall');
    const bo = await give('bo@example.org', 'Bo', 2000, 'fall');
    await stripe.refunds.create({ payment_intent: bo, amount: 500 });
    await give('cy@example.org', 'Cy', 3000, 'winter');
    const dee = await give('dee@example.org', 'Dee', 4000, 'fall');
    await stack.emulator!.flushWebhooks(60_000);
    await waitForProjection(stack, {
      predicate: async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE status = 'succeeded' AND amount_refunded = 500`)).length ===
          1 &&
        (await stack.db.query(`SELECT 1 FROM charges WHERE status = 'succeeded' AND appeal_id IS NOT NULL`)).length ===
          4,
      timeoutMs: 60_000,
    });
    // Ann, Bo and Dee are new to fall, Olga is not; Cy is new to winter.
    await expectKeptAsRows({ [ids.fall]: 3, [ids.winter]: 1 });

    // Dee's gift moved to winter by staff: she leaves fall's new donors and joins winter's.
    const [deeCharge] = await stack.db.query(`SELECT id, customer_id FROM charges WHERE payment_intent_id = $1`, [dee]);
    await admin().patch(`/api/admin/transactions/${deeCharge.id}/appeal`).send({ appealId: ids.winter }).expect(200);
    await expectKeptAsRows({ [ids.fall]: 2, [ids.winter]: 2 });

    // A check from Ann dated before the appeals, credited to none: her first gift is older now, so she is not new.
    const [annCharge] = await stack.db.query(
      `SELECT customer_id FROM charges WHERE billing_email = 'ann@example.org' AND status = 'succeeded'`,
    );
    const backdated = await manual({ stripeCustomerId: annCharge.customer_id, donationDate: addDays(today, -20) });
    await expectKeptAsRows({ [ids.fall]: 1, [ids.winter]: 2 });
    // Fall's first day moved 30 days back: Ann's first gift (20 days ago) is within it again; Olga's is not.
    await admin()
      .patch(`/api/admin/appeals/${ids.fall}`)
      .send({ startsOn: addDays(today, -30) })
      .expect(200);
    await expectKeptAsRows({ [ids.fall]: 2, [ids.winter]: 2 });
    await admin().patch(`/api/admin/appeals/${ids.fall}`).send({ startsOn: today }).expect(200);
    await expectKeptAsRows({ [ids.fall]: 1, [ids.winter]: 2 });
    // The check deleted: Ann is new again.
    await admin().delete(`/api/admin/manual-donations/${backdated.body.id}`).expect(200);
    await expectKeptAsRows({ [ids.fall]: 2, [ids.winter]: 2 });

    // Cy merged into Olga: Cy's winter gift is Olga's now, and Olga gave 100 days ago.
    const [cyCharge] = await stack.db.query(`SELECT customer_id FROM charges WHERE billing_email = 'cy@example.org'`);
    await admin().post(`/api/stripe/customer/${olga}/merges`).send({ duplicateId: cyCharge.customer_id }).expect(201);
    await expectKeptAsRows({ [ids.fall]: 2, [ids.winter]: 1 });
  }, 180_000);
});
