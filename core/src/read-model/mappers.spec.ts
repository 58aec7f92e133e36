import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  chargeStateRank,
  compareVersions,
  contentKey,
  disputeRank,
  invoiceRank,
  subscriptionRank,
} from './ordering-guard.js';
import { frequencyFromInterval } from '../gifts/frequencies.js';
import { chargeStubFromDispute, isBankDebit, toChargeCore } from './to-charge-row.js';
import { toDonorRow } from './to-donor-row.js';
import { invoiceFrequencyHint, toInvoiceRow } from './to-invoice-row.js';
import { toPaymentIntentRow } from './to-payment-intent-row.js';
import { toPaymentMethodRow } from './to-payment-method-row.js';
import { toSubscriptionRow } from './to-subscription-row.js';
import { chargeOfSource, payoutRank, toBalanceTransactionRow, toPayoutRow } from './to-money-rows.js';

const FIXTURES = JSON.parse(
  readFileSync(resolve(process.cwd(), 'test/fixtures/stripe/fixtures3.json'), 'utf8'),
).resources;
const fx = (name: string, overrides: Record<string, unknown> = {}) => ({
  ...structuredClone(FIXTURES[name]),
  ...overrides,
});

describe('Stripe object -> row mappers (fixtures3.json)', () => {
  it('maps a customer to a donor, address flattened', () => {
    const row = toDonorRow(
      fx('customer', {
        name: 'Ann Lee',
        email: 'ann@example.org',
        address: { line1: '1 Main', line2: null, city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
      }),
    );
    expect(row).toEqual({
      id: 'cus_QXg1o8vcGmoR32',
      name: 'Ann Lee',
      email: 'ann@example.org',
      phone: null,
      address_line1: '1 Main',
      address_line2: null,
      address_city: 'Austin',
      address_state: 'TX',
      address_postal_code: '78701',
      address_country: 'US',
      description: null,
      created: new Date(1234567890 * 1000),
    });
  });

  it('maps a deleted customer stub without failing', () => {
    expect(toDonorRow(fx('deleted_customer'))).toMatchObject({
      id: 'cus_QXg1o8vcGmoR32',
      name: null,
      created: new Date(0),
    });
  });

  it('maps a card payment method', () => {
    expect(toPaymentMethodRow(fx('payment_method', { customer: 'cus_1' }))).toEqual({
      id: 'pm_1Pgc75B7WZ01zgkWlHVgdEGJ',
      customer_id: 'cus_1',
      brand: 'visa',
      last4: '4242',
      exp_month: 8,
      exp_year: 2030,
      created: new Date(1234567890 * 1000),
    });
  });

  it("maps a US bank account payment method: no brand, the account's last 4", () => {
    const bank = fx('payment_method', {
      customer: 'cus_1',
      type: 'us_bank_account',
      card: null,
      us_bank_account: {
        account_holder_type: 'individual',
        account_type: 'checking',
        bank_name: 'STRIPE TEST BANK',
        fingerprint: 'f',
        last4: '6789',
        routing_number: '110000000',
      },
    });
    expect(toPaymentMethodRow(bank)).toMatchObject({ brand: null, last4: '6789', exp_month: null, exp_year: null });
  });

  it('maps a charge with card, billing details, metadata fallbacks and its state rank', () => {
    const core = toChargeCore(
      fx('charge', {
        payment_intent: { id: 'pi_1' },
        customer: 'cus_1',
        amount_refunded: 40,
        metadata: { donor_email: 'm@example.org', frequency: 'one-time' },
      }),
    );
    expect(core).toMatchObject({
      id: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      payment_intent_id: 'pi_1',
      customer_id: 'cus_1',
      amount: 100,
      amount_refunded: 40,
      currency: 'usd',
      status: 'succeeded',
      paid: true,
      brand: 'visa',
      last4: '4242',
      billing_name: 'Jenny Rosen',
      billing_email: 'm@example.org',
      receipt_url: expect.stringContaining('receipts'),
      metadata: { donor_email: 'm@example.org', frequency: 'one-time' },
      state_rank: 3,
    });
  });

  it("maps a pending US bank account debit: no card brand, the account's last four, a bank debit", () => {
    const bank = {
      type: 'us_bank_account',
      us_bank_account: {
        account_holder_type: 'individual',
        account_type: 'checking',
        bank_name: 'STRIPE TEST BANK',
        fingerprint: 'f',
        last4: '6789',
        routing_number: '110000000',
      },
    };
    const core = toChargeCore(fx('charge', { status: 'pending', paid: false, payment_method_details: bank }));
    expect(core).toMatchObject({
      status: 'pending',
      brand: null,
      last4: '6789',
      state_rank: chargeStateRank('pending'),
    });
    expect(isBankDebit(core)).toBe(true);
    expect(isBankDebit(toChargeCore(fx('charge')))).toBe(false);
  });

  it('builds a charge stub from a dispute that arrives first, counting for nothing', () => {
    const stub = chargeStubFromDispute(fx('dispute'));
    expect(stub).toMatchObject({
      id: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      amount: 1000,
      status: 'pending',
      last_event_created: 0,
      disputed: true,
    });
  });

  it('maps a payout and ranks its statuses forward only', () => {
    expect(toPayoutRow(fx('payout', { status: 'in_transit' }))).toEqual({
      id: 'po_1Pgc79B7WZ01zgkWu1KToYf4',
      amount: 1100,
      currency: 'usd',
      status: 'in_transit',
      arrival_date: new Date(1234567890 * 1000),
      created: new Date(1234567890 * 1000),
      failure_code: null,
      failure_message: null,
      reconciliation_status: 'completed',
    });
    expect([payoutRank('pending'), payoutRank('in_transit'), payoutRank('paid'), payoutRank('failed')]).toEqual([
      0, 1, 2, 2,
    ]);
  });

  it('maps a balance transaction to its gift: a charge itself, or the charge a refund or dispute names', () => {
    expect(toBalanceTransactionRow(fx('balance_transaction', { fee: 32, net: 68 }), 'po_1')).toEqual({
      id: 'txn_1PgaxNB7WZ01zgkWEV3TLf40',
      type: 'charge',
      reporting_category: 'charge',
      amount: 100,
      fee: 32,
      net: 68,
      currency: 'usd',
      source_id: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      charge_id: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      payout_id: 'po_1',
      created: new Date(1234567890 * 1000),
      available_on: new Date(1234567890 * 1000),
    });
    expect(chargeOfSource(fx('refund', { charge: 'ch_9' }))).toBe('ch_9');
    expect(chargeOfSource(fx('dispute'))).toBe('ch_1PgafuB7WZ01zgkWXYmPNZs8');
    expect(chargeOfSource('po_1')).toBeNull();
  });

  it('maps a payment intent', () => {
    expect(toPaymentIntentRow(fx('payment_intent', { metadata: { frequency: 'one-time' } }))).toMatchObject({
      id: 'pi_1PgafyB7WZ01zgkWSjxsAJo3',
      amount: 1099,
      status: 'requires_payment_method',
      latest_charge_id: null,
      invoice_id: null,
      metadata: { frequency: 'one-time' },
      state_rank: 1,
    });
  });

  it('maps a subscription: period and price from the item, frequency from metadata or the interval', () => {
    const row = toSubscriptionRow(fx('subscription'));
    expect(row).toMatchObject({
      id: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
      customer_id: 'cus_QXg1o8vcGmoR32',
      status: 'active',
      interval: 'month',
      interval_count: 1,
      frequency: 'monthly',
      amount: 2000,
      currency: 'usd',
      current_period_end: new Date(976287773 * 1000),
      cancel_at_period_end: true,
      state_rank: 2,
    });
    expect(toSubscriptionRow(fx('subscription', { metadata: { frequency: 'quarterly' } })).frequency).toBe('quarterly');
  });

  it("maps a subscription's life: start, end, scheduled cancel, paused collection, default card", () => {
    expect(toSubscriptionRow(fx('subscription'))).toMatchObject({
      pause_collection: { behavior: 'mark_uncollectible', resumes_at: null },
      ended_at: new Date(1234567890 * 1000),
      default_payment_method: null,
    });
    expect(toSubscriptionRow(fx('subscription', { pause_collection: null, ended_at: null }))).toMatchObject({
      pause_collection: null,
      ended_at: null,
    });
    const row = toSubscriptionRow(
      fx('subscription', {
        status: 'canceled',
        start_date: 970000000,
        ended_at: 980000000,
        cancel_at: 980000000,
        default_payment_method: { id: 'pm_1', object: 'payment_method' },
        pause_collection: { behavior: 'void', resumes_at: null },
      }),
    );
    expect(row).toMatchObject({
      start_date: new Date(970000000 * 1000),
      ended_at: new Date(980000000 * 1000),
      cancel_at: new Date(980000000 * 1000),
      pause_collection: { behavior: 'void', resumes_at: null },
      default_payment_method: 'pm_1',
      state_rank: 3,
    });
  });

  it('maps an invoice: subscription from parent, payment intent from payments', () => {
    const inv = fx('invoice', {
      status: 'paid',
      amount_paid: 1000,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: 'sub_1', metadata: { frequency: 'annual' } },
      },
      payments: {
        object: 'list',
        data: [
          { ...fx('invoice_payment'), status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_9' } },
        ],
      },
    });
    expect(toInvoiceRow(inv)).toMatchObject({
      id: 'in_1Pgc6tB7WZ01zgkWu9fdqL6I',
      customer_id: 'cus_QXg1o8vcGmoR32',
      subscription_id: 'sub_1',
      payment_intent_id: 'pi_9',
      status: 'paid',
      amount_paid: 1000,
      state_rank: 3,
    });
    expect(invoiceFrequencyHint(inv)).toBe('annual');
    expect(toInvoiceRow(fx('invoice'))).toMatchObject({
      subscription_id: null,
      payment_intent_id: null,
      status: 'draft',
    });
  });

  it('maps a renewal that failed: amount due, attempts, the next try', () => {
    const row = toInvoiceRow(
      fx('invoice', {
        status: 'open',
        amount_due: 2000,
        amount_paid: 0,
        attempt_count: 2,
        next_payment_attempt: 990000000,
      }),
    );
    expect(row).toMatchObject({
      status: 'open',
      amount_due: 2000,
      amount_paid: 0,
      attempt_count: 2,
      next_payment_attempt: new Date(990000000 * 1000),
    });
  });
});

describe('frequency of a recurring price', () => {
  it('derives frequency from the billing interval', () => {
    expect(frequencyFromInterval('month', 1)).toBe('monthly');
    expect(frequencyFromInterval('month', 3)).toBe('quarterly');
    expect(frequencyFromInterval('year', 1)).toBe('annual');
    expect(frequencyFromInterval(null, null)).toBeNull();
  });
});

describe('ordering guard', () => {
  it('orders by created, then by the object state on a tie', () => {
    expect(compareVersions([100, 3, 0], [99, 3, 500])).toBe(1);
    expect(compareVersions([100, 3, 500], [100, 3, 0])).toBe(1); // charge.refunded after charge.succeeded, same second
    expect(compareVersions([100, 3, 0], [100, 3, 500])).toBe(-1); // ...delivered the other way round
    expect(compareVersions([100, 3, 500], [100, 3, 500])).toBe(0);
    expect(compareVersions([100], [100, 0])).toBe(0);
  });

  it('ranks states so the later one wins a tie', () => {
    expect(chargeStateRank('succeeded')).toBeGreaterThan(chargeStateRank('pending'));
    expect(disputeRank('won')).toBeGreaterThan(disputeRank('needs_response'));
    expect(disputeRank('under_review')).toBeGreaterThan(disputeRank('warning_needs_response'));
    expect(subscriptionRank('canceled')).toBeGreaterThan(subscriptionRank('active'));
    expect(subscriptionRank('active')).toBe(subscriptionRank('past_due'));
    expect(invoiceRank('paid')).toBeGreaterThan(invoiceRank('open'));
  });

  it('compares content regardless of type and key order', () => {
    expect(contentKey({ a: 1, m: { x: '1', y: '2' }, d: new Date(0) }, ['a', 'm', 'd'])).toBe(
      contentKey({ a: '1', m: { y: '2', x: '1' }, d: new Date(0) }, ['a', 'm', 'd']),
    );
  });
});
