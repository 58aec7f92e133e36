import request from 'supertest';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { waitUntil } from '../helpers/faults.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * "Cover the fees" follows the method that pays (issue 25, item 10): a bank debit's fee (0.8%, 40 cents on $50)
 * is no cover for a card's (2.9% + 30 cents). The server limits a covered payment to the declared method, and the
 * worker counts a stated coverage only when the charge was paid with the method it was computed for.
 */
describe('fee coverage and the method that paid', () => {
  let stack: Stack;
  let stripe: Stripe;
  const donor = { frequency: 'one-time', firstName: 'Nell', lastName: 'Banks', email: 'nell.banks@example.org' };

  beforeAll(async () => {
    stack = await startStack();
    stripe = createStripeClient(stack.env);
  }, 60_000);
  afterAll(() => stack?.stop());

  const intent = (body: object) => request(stack.apiUrl).post('/api/create-payment-intent').send(body).expect(200);
  const chargeOf = async (pi: string) => {
    await waitUntil(
      async () =>
        (await stack.db.query(`SELECT 1 FROM charges WHERE payment_intent_id = $1 AND status = 'succeeded'`, [pi]))
          .length > 0,
      { timeoutMs: 20_000 },
    );
    return (
      await stack.db.query(`SELECT amount::int, fee_coverage::int FROM charges WHERE payment_intent_id = $1`, [pi])
    )[0];
  };

  it('a one-time gift declared by bank with the fees covered can be paid only by bank: a card is refused', async () => {
    const res = await intent({
      amount: 5000,
      paymentMethodType: 'us_bank_account',
      donationData: { ...donor, coverFees: true },
    });
    expect(res.body.chargedCents).toBe(5040);
    const pi = await stripe.paymentIntents.retrieve(res.body.paymentIntentId);
    expect(pi.allowed_payment_method_types).toEqual(['us_bank_account']);
    expect(pi.metadata).toMatchObject({ gift_cents: '5000', fee_coverage_cents: '40', fee_method: 'us_bank_account' });
    await expect(stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).not.toBe('succeeded');
  });

  it('a covered card gift is limited to cards and keeps its $1.80; an uncovered gift keeps every method', async () => {
    const res = await intent({
      amount: 5000,
      paymentMethodType: 'card',
      donationData: { ...donor, email: 'nell.card@example.org', coverFees: true },
    });
    const pi = await stripe.paymentIntents.retrieve(res.body.paymentIntentId);
    expect(pi.allowed_payment_method_types).toEqual(['card']);
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    expect(await chargeOf(pi.id)).toEqual({ amount: 5180, fee_coverage: 180 });
    const plain = await intent({
      amount: 5000,
      paymentMethodType: 'us_bank_account',
      donationData: { ...donor, email: 'nell.plain@example.org' },
    });
    const open = await stripe.paymentIntents.retrieve(plain.body.paymentIntentId);
    expect(open.allowed_payment_method_types ?? null).toBeNull();
    expect(open.automatic_payment_methods?.enabled).toBe(true);
  });

  it('a monthly gift declared by bank with the fees covered: its invoices take only a bank account', async () => {
    const res = await intent({
      amount: 2500,
      paymentMethodType: 'us_bank_account',
      donationData: { ...donor, frequency: 'monthly', email: 'nell.monthly@example.org', coverFees: true },
    });
    const sub = await stripe.subscriptions.retrieve(res.body.subscriptionId);
    expect(sub.payment_settings?.payment_method_types).toEqual(['us_bank_account']);
    expect(sub.metadata).toMatchObject({ fee_method: 'us_bank_account' });
    await expect(
      stripe.paymentIntents.confirm(res.body.clientSecret.split('_secret_')[0], { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('the worker counts no coverage computed for a bank debit on a charge a card paid: all of it is gift', async () => {
    // A payment whose metadata states a bank-debit coverage (as one started before the limit, or by hand), paid by card.
    const customer = await stripe.customers.create({ email: 'nell.legacy@example.org', name: 'Nell Banks' });
    const stated = {
      gift_cents: '5000',
      fee_coverage_cents: '40',
      fee_method: 'us_bank_account',
      frequency: 'one-time',
      source: 'website',
    };
    const byCard = await stripe.paymentIntents.create({
      amount: 5040,
      currency: 'usd',
      customer: customer.id,
      metadata: stated,
      payment_method: 'pm_card_visa',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(await chargeOf(byCard.id)).toEqual({ amount: 5040, fee_coverage: 0 });
  });
});
