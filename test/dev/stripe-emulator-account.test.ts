import type Stripe from 'stripe';
import { emulatorHelper, missingFixtureKeys, sdkFor } from '../helpers/stripe-shapes.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';

/** `GET /v1/account` through the official SDK: the account a secret key belongs to, and what it still owes Stripe. */
describe('Stripe emulator: the account', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;

  beforeEach(async () => {
    emulator = await startEmulator({ port: 0 });
    stripe = sdkFor(emulator);
  });
  afterEach(() => emulator?.stop());

  it('is a US non-profit that can take payments, shaped as Stripe shapes it', async () => {
    const account = await stripe.accounts.retrieveCurrent();
    expect(account).toMatchObject({
      object: 'account',
      country: 'US',
      default_currency: 'usd',
      business_type: 'non_profit',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
      capabilities: { card_payments: 'active', transfers: 'active' },
    });
    expect(missingFixtureKeys('account', account, 'Accounts.d.ts', 'Account')).toEqual([]);
    expect((await stripe.accounts.retrieve(account.id)).id).toBe(account.id);
    await expect(stripe.accounts.retrieve('acct_someoneElse')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('can be made one that cannot take payments yet, and reset', async () => {
    await emulatorHelper(emulator, 'account', {
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date'],
        disabled_reason: 'requirements.past_due',
      },
    });
    expect(await stripe.accounts.retrieveCurrent()).toMatchObject({
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { card_payments: 'inactive' },
      requirements: {
        currently_due: ['external_account', 'tos_acceptance.date'],
        disabled_reason: 'requirements.past_due',
      },
    });
    await emulatorHelper(emulator, 'reset', {});
    expect((await stripe.accounts.retrieveCurrent()).charges_enabled).toBe(true);
  });

  it('refuses settings Stripe could not have', async () => {
    await expect(emulatorHelper(emulator, 'account', { charges_enabled: 'yes' })).rejects.toThrow(
      'charges_enabled must be true or false',
    );
    await expect(
      emulatorHelper(emulator, 'account', { requirements: { currently_due: 'external_account' } }),
    ).rejects.toThrow('requirements.currently_due must be a list');
    await expect(emulatorHelper(emulator, 'account', { color: 'blue' })).rejects.toThrow(
      'Unknown account setting: color',
    );
  });
});
