import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, signIn } from '../helpers/admin.js';
import { waitForProjection } from '../helpers/events.js';
import { fetchPdf } from '../helpers/pdf.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Editing a donor from the profile: written to the emulator's customer through the SDK, brought back into the
 * read model by the signed customer.updated webhook (nothing is written locally), audited, and shown on the
 * year-end statement.
 */
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;
let stripe: Stripe;
let id: string;

async function settle() {
  await stack.emulator!.flushWebhooks(20000);
  await waitForProjection(stack);
}

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
  id = (
    await api
      .post('/api/stripe/customers')
      .send({ name: 'Jon Smiht', email: 'jon@example.org', address: '1 Old Road' })
      .expect(201)
  ).body.id;
  await stripe.paymentIntents.create({
    amount: 5000,
    currency: 'usd',
    customer: id,
    payment_method: 'pm_card_visa',
    confirm: true,
    allowed_payment_method_types: ['card'],
  });
  await settle();
});
afterAll(() => stack?.stop());

describe('editing a donor', () => {
  it('writes the details to Stripe, and the read model follows through the webhook', async () => {
    const edit = {
      name: 'Jon Smith',
      email: 'jon.smith@example.org',
      phone: '+1 870 555 0142',
      line1: '42 New Street',
      line2: 'Unit 7',
      city: 'Marshall',
      state: 'AR',
      postal_code: '72650',
    };
    const res = await api.patch(`/api/stripe/customer/${id}`).send(edit);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, updated: true });

    const inStripe = (await stripe.customers.retrieve(id)) as Stripe.Customer;
    expect(inStripe).toMatchObject({ name: 'Jon Smith', email: 'jon.smith@example.org', phone: '+1 870 555 0142' });
    expect(inStripe.address).toMatchObject({
      line1: '42 New Street',
      line2: 'Unit 7',
      city: 'Marshall',
      state: 'AR',
      postal_code: '72650',
      country: 'US',
    });

    await settle();
    const [row] = await stack.db.query(
      `SELECT name, email, phone, address_line1, address_line2, address_city, address_state, address_postal_code FROM donors WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({
      name: 'Jon Smith',
      email: 'jon.smith@example.org',
      phone: '+1 870 555 0142',
      address_line1: '42 New Street',
      address_line2: 'Unit 7',
      address_city: 'Marshall',
      address_state: 'AR',
      address_postal_code: '72650',
    });
    const profile = (await api.get(`/api/stripe/customer/${id}`).expect(200)).body;
    expect(profile).toMatchObject({
      name: 'Jon Smith',
      address: { line1: '42 New Street', city: 'Marshall', postal_code: '72650' },
    });

    const audit = await stack.db.query(`SELECT details FROM audit_log WHERE action = 'donor.updated'`);
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({
      customerId: id,
      fields: ['city', 'email', 'line1', 'line2', 'name', 'phone', 'postal_code', 'state'],
    });
    expect(JSON.stringify(audit[0].details)).not.toContain('New Street');
  });

  it("puts the new name and address on the year's statement", async () => {
    const year = new Date().getFullYear();
    const { res, text } = await fetchPdf(api.get(`/api/admin/tax-exports/year-end/${id}/${year}`));
    expect(res.status).toBe(200);
    expect(text).toContain('Jon Smith');
    expect(text).toContain('42 New Street');
    expect(text).not.toContain('1 Old Road');
  });

  it('clears an optional line sent empty', async () => {
    await api
      .patch(`/api/stripe/customer/${id}`)
      .send({
        name: 'Jon Smith',
        email: 'jon.smith@example.org',
        line1: '42 New Street',
        city: 'Marshall',
        state: 'AR',
        postal_code: '72650',
      })
      .expect(200);
    await settle();
    const [row] = await stack.db.query(`SELECT phone, address_line2 FROM donors WHERE id = $1`, [id]);
    expect([row.phone || null, row.address_line2 || null]).toEqual([null, null]);
  });

  it.each([
    [{ email: 'x@example.org' }, 'name is required'],
    [{ name: 'X', email: 'not-an-email' }, 'email must be a valid e-mail address'],
    [{ name: 'X', email: 'x@example.org', postal_code: 'x'.repeat(21) }, 'postal_code must be at most 20 characters'],
    [{ name: 'X', email: 'x@example.org', city: 5 }, 'city must be text'],
  ])('refuses %j with 400 and writes nothing to Stripe', async (body, message) => {
    const res = await api.patch(`/api/stripe/customer/${id}`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(((await stripe.customers.retrieve(id)) as Stripe.Customer).name).toBe('Jon Smith');
  });

  it('answers 404 for a donor that does not exist', async () => {
    const res = await api.patch('/api/stripe/customer/cus_missing').send({ name: 'X', email: 'x@example.org' });
    expect(res.status).toBe(404);
  });
});

describe('card attempts that never completed a gift', () => {
  it('are not donors: left out of the list and its counts, shown only when asked for', async () => {
    const before = (await api.get('/api/stripe/customers').expect(200)).body;
    // The public form: a customer for the attempt, then a declined card.
    const res = await api
      .post('/api/create-payment-intent')
      .send({
        amount: 2500,
        donationData: {
          amount: '25',
          frequency: 'one-time',
          firstName: 'Dee',
          lastName: 'Clined',
          email: 'dee.clined@example.org',
          phone: '',
          address: '3 Elm St',
          city: 'Marshall',
          state: 'AR',
          zipCode: '72650',
        },
      })
      .expect(200);
    await stripe.paymentIntents
      .confirm(res.body.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' })
      .catch(() => undefined);
    await settle();
    const [attempt] = await stack.db.query(`SELECT id, is_donor FROM donors WHERE email = 'dee.clined@example.org'`);
    expect(attempt.is_donor).toBe(false);

    const after = (await api.get('/api/stripe/customers').expect(200)).body;
    expect(after.summary).toEqual(before.summary);
    expect(after.customers.map((c: { id: string }) => c.id)).not.toContain(attempt.id);
    const attempts = (await api.get('/api/stripe/customers?show=attempts').expect(200)).body;
    expect(attempts.customers.map((c: { id: string }) => c.id)).toEqual([attempt.id]);
    expect(attempts.total).toBe(1);
    expect(attempts.customers[0].donationStats).toEqual({ totalDonated: 0, donationCount: 0 });
    expect((await api.get('/api/stripe/customers?show=attempts&q=nobody').expect(200)).body.total).toBe(0);
    expect((await api.get('/api/stripe/customers?show=everyone')).status).toBe(400);
  });
});
