import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { feesRead, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';

// A bank payment's balance transaction is made when the payment settles, days after the payment itself. The
// worker lists balance transactions around the times of the gifts it projected; a line that listing cannot show
// is read by id, so the gift's fee is known as soon as its events are, not only once a payout reconciles it.
let stack: Stack;
let stripe: Stripe;
beforeAll(async () => {
  stack = await startStack();
  stripe = createStripeClient(stack.env, { maxNetworkRetries: 0 });
});
afterAll(() => stack?.stop());

it('stores the fee of a bank payment that settles days after it was made, before any payout brings it', async () => {
  // Ten days ago, so that the settlement four days later is still in the past (future events are refused).
  const emulator = stack.emulator!;
  await emulator.advanceClock(-10 * 86400);
  const customer = (await stripe.customers.create({ name: 'Bank Donor', email: 'bank@example.org' })).id;
  const pi = await stripe.paymentIntents.create({
    amount: 12500,
    currency: 'usd',
    customer,
    confirm: true,
    mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: '127.0.0.1', user_agent: 'jest' } } },
    payment_method_data: {
      type: 'us_bank_account',
      billing_details: { name: 'Bank Donor' },
      us_bank_account: {
        routing_number: '110000000',
        account_number: '000123456789',
        account_holder_type: 'individual',
      },
    },
  });
  expect(pi.status).toBe('processing');
  // The emulator settles bank payments after 4 days; a minute past that, no payout has run since it settled.
  await emulator.advanceClock(4 * 86400 + 60);
  await emulator.flushWebhooks(20000);
  const charge = (await stripe.charges.list({ payment_intent: pi.id })).data[0];
  expect(charge.status).toBe('succeeded');
  const line = await stripe.balanceTransactions.retrieve(charge.balance_transaction as string);
  expect(line.created - charge.created).toBeGreaterThan(3 * 86400);
  await waitForProjection(stack, { predicate: feesRead(stack) });
  const [stored] = await stack.db.query<{ fee: string; payout_id: string | null }>(
    `SELECT fee, payout_id FROM balance_transactions WHERE id = $1`,
    [line.id],
  );
  expect({ fee: Number(stored.fee), payout: stored.payout_id }).toEqual({ fee: line.fee, payout: null });
});
