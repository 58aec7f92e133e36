import type Stripe from 'stripe';
import { sdkFor } from '../helpers/stripe-shapes.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

/**
 * Updating what a paid gift left at Stripe, as an erasure does (issue 25, item 4), through the official SDK:
 * `metadata[k]=` removes a key, `receipt_email=` unsets a payment intent's, and what Stripe refuses to unset
 * (a charge's receipt e-mail, descriptions) is refused; a paid invoice takes new metadata but keeps its snapshot.
 */
describe('Stripe emulator: updating payment intents, charges, subscriptions and invoices', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let pi: Stripe.PaymentIntent;
  let sub: Stripe.Subscription;
  let invoice: Stripe.Invoice;
  const personal = { donor_name: 'Dana Whitfield', donor_email: 'dana@example.org', fund_id: '2' };

  beforeAll(async () => {
    emulator = await startEmulator({ port: 0, webhookSecret: 'whsec_updates_test' });
    stripe = sdkFor(emulator);
    const customer = await stripe.customers.create({ email: 'dana@example.org', name: 'Dana Whitfield' });
    pi = await stripe.paymentIntents.create({
      amount: 5000,
      currency: 'usd',
      customer: customer.id,
      receipt_email: 'dana@example.org',
      description: 'Donation',
      metadata: personal,
      payment_method: 'pm_card_visa',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    const product = (await stripe.products.create({ name: 'Monthly gift' })).id;
    sub = await stripe.subscriptions.create({
      customer: customer.id,
      default_payment_method: pm.id,
      metadata: personal,
      items: [{ price_data: { currency: 'usd', unit_amount: 2500, product, recurring: { interval: 'month' } } }],
    });
    invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
  });
  afterAll(() => emulator?.stop());

  const eventsOf = async (id: string, type: string) =>
    (await stripe.events.list({ type, limit: 100 })).data.filter((e) => (e.data.object as { id: string }).id === id);

  it('a succeeded payment intent: personal keys removed, others kept, receipt e-mail unset; no event (Stripe has no payment_intent.updated)', async () => {
    expect(pi.status).toBe('succeeded');
    const updated = await stripe.paymentIntents.update(pi.id, {
      receipt_email: '',
      metadata: { donor_name: '', donor_email: '' },
    });
    expect(updated).toMatchObject({
      receipt_email: null,
      metadata: { fund_id: '2' },
      amount: 5000,
      description: 'Donation',
    });
    expect(Object.keys(updated.metadata)).toEqual(['fund_id']);
    expect((await stripe.paymentIntents.retrieve(pi.id)).metadata).toEqual({ fund_id: '2' });
    await expect(stripe.paymentIntents.update(pi.id, { description: '' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'description',
    });
    await expect(stripe.paymentIntents.update(pi.id, { amount: 100 })).rejects.toMatchObject({ statusCode: 400 });
    expect((await stripe.events.list({ limit: 100 })).data.map((e) => e.type)).not.toContain('payment_intent.updated');
  });

  it('a charge: personal keys removed with charge.updated and its previous metadata; its receipt e-mail and description cannot be unset', async () => {
    const chargeId = pi.latest_charge as string;
    expect((await stripe.charges.retrieve(chargeId)).metadata).toMatchObject(personal);
    const updated = await stripe.charges.update(chargeId, { metadata: { donor_name: '', donor_email: '' } });
    expect(updated.metadata).toEqual({ fund_id: '2' });
    const [event] = await eventsOf(chargeId, 'charge.updated');
    expect(event.data.previous_attributes).toEqual({ metadata: personal });
    for (const key of ['receipt_email', 'description'] as const) {
      await expect(stripe.charges.update(chargeId, { [key]: '' })).rejects.toMatchObject({
        statusCode: 400,
        param: key,
        message: expect.stringContaining(`'${key}' cannot be unset`),
      });
    }
    expect((await stripe.charges.retrieve(chargeId)).receipt_email).toBe('dana@example.org');
  });

  it('a subscription, canceled or not, takes metadata; a canceled one refuses a new description', async () => {
    const updated = await stripe.subscriptions.update(sub.id, { metadata: { donor_name: '' } });
    expect(updated.metadata).toEqual({ donor_email: 'dana@example.org', fund_id: '2' });
    await stripe.subscriptions.cancel(sub.id);
    const canceled = await stripe.subscriptions.update(sub.id, { metadata: { donor_email: '' } });
    expect(canceled).toMatchObject({ status: 'canceled', metadata: { fund_id: '2' } });
    await expect(stripe.subscriptions.update(sub.id, { description: 'x' })).rejects.toMatchObject({ statusCode: 400 });
    expect((await eventsOf(sub.id, 'customer.subscription.updated')).length).toBeGreaterThanOrEqual(2);
  });

  it("a paid invoice: metadata (a key set to '' removed) and description change with invoice.updated; draft-only fields are refused; its snapshot stays", async () => {
    expect(invoice.status).toBe('paid');
    await stripe.invoices.update(invoice.id!, { metadata: { note: 'x', other: 'y' } });
    const updated = await stripe.invoices.update(invoice.id!, { metadata: { note: '' }, description: 'Monthly gift' });
    expect(updated).toMatchObject({
      metadata: { other: 'y' },
      description: 'Monthly gift',
      status: 'paid',
      amount_paid: 2500,
    });
    const [latest] = await eventsOf(invoice.id!, 'invoice.updated');
    expect(latest.data.previous_attributes).toEqual({ metadata: { note: 'x', other: 'y' }, description: null });
    await expect(stripe.invoices.update(invoice.id!, { days_until_due: 30 })).rejects.toMatchObject({
      statusCode: 400,
      param: 'days_until_due',
    });
    await expect(stripe.invoices.update(invoice.id!, { bogus: 1 } as Stripe.InvoiceUpdateParams)).rejects.toMatchObject(
      { statusCode: 400, code: 'parameter_unknown' },
    );
    // What the invoice took from the customer and the subscription when it was made is not changed by either.
    expect(updated).toMatchObject({ customer_email: 'dana@example.org', customer_name: 'Dana Whitfield' });
    expect(updated.parent?.subscription_details?.metadata).toMatchObject(personal);
  });
});
