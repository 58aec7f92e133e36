import { jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { screenshot } from '../helpers/browser.js';
import {
  fillCard,
  fillDonor as fillDonorDetails,
  openDonate as openDonatePage,
  toastText,
} from '../helpers/donate-page.js';
import type { Stack } from '../helpers/stack.js';
import { startPublicEnv, type PublicEnv } from '../helpers/public-browser.js';
import { runAxe } from '../helpers/axe.js';

jest.setTimeout(120_000);

const donor = {
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '(870) 555-0177',
  address: '77 Ridge Lane',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};

async function until<T>(
  fn: () => Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('donating on /donate (Stripe Elements against the emulator)', () => {
  let env: PublicEnv;
  let stack: Stack;
  let browser: Browser;
  let stripe: Stripe;
  beforeAll(async () => {
    env = await startPublicEnv({ workers: 1 });
    ({ stack, browser } = env);
    stripe = createStripeClient(stack.env);
  });
  afterAll(() => env?.stop());

  const openDonate = (width = 1280) => openDonatePage(browser, stack.apiUrl, width);
  const fillDonor = (page: Page, email: string) => fillDonorDetails(page, donor, email);

  /** Watches the Pay button so a test can prove it read 'Processing...' and that both buttons were disabled. */
  async function watchProcessing(page: Page) {
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      new MutationObserver(() => {
        const buttons = Array.from(document.querySelectorAll('.pay-actions button')) as HTMLButtonElement[];
        if (buttons.length === 2 && buttons[1].textContent === 'Processing...' && buttons.every((b) => b.disabled))
          w.__seen.push('processing+disabled');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  }

  it("presets, 'Other' clears the amount, and an amount that is not above 0 gets the 'Invalid Amount' toast", async () => {
    const { page, errors } = await openDonate();
    const amount = page.getByLabel('Donation Amount');
    await page.getByRole('button', { name: '$50', exact: true }).click();
    await expect(amount.inputValue()).resolves.toBe('50');
    await expect(page.getByRole('button', { name: '$50', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Other', exact: true }).click();
    await expect(amount.inputValue()).resolves.toBe('');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('donation-amount');
    await expect(page.getByLabel('Frequency').inputValue()).resolves.toBe('one-time');
    await expect(page.getByLabel('Frequency').locator('option').allTextContents()).resolves.toEqual([
      'One-time',
      'Monthly',
      'Quarterly',
      'Annual',
    ]);
    await expect(page.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    for (const label of [
      'Donation Amount',
      'First Name',
      'Last Name',
      'Email',
      'Address',
      'City',
      'State',
      'ZIP Code',
    ]) {
      await expect(
        page.getByLabel(new RegExp(`^${label}`)).evaluate((el) => (el as HTMLInputElement).required),
      ).resolves.toBe(true);
    }
    await expect(page.getByLabel('Phone (optional)').evaluate((el) => (el as HTMLInputElement).required)).resolves.toBe(
      false,
    );

    await fillDonor(page, 'maria.invalid@example.org');
    for (const bad of ['0', 'abc', '-5']) {
      await amount.fill(bad);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(toastText(page)).resolves.toBe(
        'Invalid Amount Please enter a valid donation amount greater than 0.',
      );
      await expect(page.getByRole('heading', { name: 'Complete Your Donation' }).count()).resolves.toBe(0);
    }
    expect(errors).toEqual([]);
  });

  it('an amount below $1, above $100,000 or finer than cents stays on step 1 (gift rules); Back from step 2 keeps the form', async () => {
    const { page } = await openDonate();
    await fillDonor(page, 'maria.cents@example.org');
    for (const [bad, message] of [
      // Past two decimals is no amount in the one dollars grammar (core/src/gifts/money.ts): the SPEC's words.
      ['0.004', 'Please enter a valid donation amount greater than 0.'],
      ['0.5', 'The minimum donation amount is $1.00.'],
      ['1,000,000', 'The maximum online donation amount is $100,000.00. Please call us about larger gifts.'],
    ]) {
      await page.getByLabel('Donation Amount').fill(bad);
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await expect(toastText(page)).resolves.toBe(`Invalid Amount ${message}`);
      await expect(page.locator('#donation-amount-error').textContent()).resolves.toBe(`Error: ${message}`);
      await expect(page.getByRole('heading', { name: 'Complete Your Donation' }).count()).resolves.toBe(0);
    }
    await page.getByLabel('Donation Amount').fill('10');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Complete Your Donation' }).waitFor();
    await expect(page.locator('.donation-summary').innerText()).resolves.toBe("You're donating $10.00");
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Donation Amount').inputValue()).resolves.toBe('10');
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Maria');
  });

  it('a one-time gift by card: Pay $50.00, Processing..., success toasts, form reset; the gift reaches the read model', async () => {
    const { page, errors } = await openDonate();
    const email = 'maria.once@example.org';
    await page.getByRole('button', { name: '$50', exact: true }).click();
    await fillDonor(page, email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Complete Your Donation' }).waitFor();
    await expect(page.locator('.donation-summary').innerText()).resolves.toBe("You're donating $50.00");
    await fillCard(page, '4242 4242 4242 4242');
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'donate-step2-1280');
    await watchProcessing(page);
    await page.getByRole('button', { name: 'Pay $50.00' }).click();

    await expect(
      toastText(page).then(async (t) =>
        t.startsWith('Donation Complete')
          ? (await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor(), toastText(page))
          : t,
      ),
    ).resolves.toBe('Donation Recorded Your donation has been successfully recorded. Thank you for your support!');
    await expect(
      page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.length),
    ).resolves.toBeGreaterThan(0);
    // Back on step 1, reset.
    await expect(page.getByLabel('Donation Amount').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Frequency').inputValue()).resolves.toBe('one-time');
    expect(await runAxe(page)).toEqual([]);

    const [record] = await until(
      async () => {
        const rows = await stack.db.query(`SELECT * FROM donation_records WHERE email = $1`, [email]);
        return rows.length ? rows : undefined;
      },
      10_000,
      'the donation record',
    );
    expect(record).toMatchObject({
      amount: '5000',
      frequency: 'one-time',
      first_name: 'Maria',
      last_name: 'Lopez',
      zip_code: '72650',
    });
    expect(record.payment_intent_id).toMatch(/^pi_/);

    // Webhooks -> inbox -> worker -> charges.
    const charge = await until(
      async () => {
        const rows = await stack.db.query(`SELECT * FROM charges WHERE payment_intent_id = $1`, [
          record.payment_intent_id,
        ]);
        return rows[0];
      },
      30_000,
      'the charge in the read model',
    );
    expect(charge).toMatchObject({
      amount: '5000',
      status: 'succeeded',
      brand: 'visa',
      last4: '4242',
      billing_name: 'Maria Lopez',
      billing_email: email,
    });
    const pi = await stripe.paymentIntents.retrieve(record.payment_intent_id);
    expect(pi.metadata).toMatchObject({ source: 'website', frequency: 'one-time', donor_email: email });
    expect(errors).toEqual([]);
  });

  it('a monthly gift creates a real subscription whose first invoice the card step pays; it reaches the read model', async () => {
    const { page, errors } = await openDonate(360);
    const email = 'maria.monthly@example.org';
    await page.getByLabel('Donation Amount').fill('25');
    await page.getByLabel('Frequency').selectOption('monthly');
    await fillDonor(page, email);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Complete Your Donation' }).waitFor();
    await expect(page.locator('.donation-summary').innerText()).resolves.toBe("You're donating $25.00 monthly");
    await fillCard(page, '4242 4242 4242 4242');
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'donate-step2-360');
    await page.getByRole('button', { name: 'Pay $25.00' }).click();
    await page.locator('.toast', { hasText: 'Donation Recorded' }).waitFor();

    const customers = await stripe.customers.list({ email });
    expect(customers.data).toHaveLength(1);
    const subs = await stripe.subscriptions.list({ customer: customers.data[0].id });
    expect(subs.data).toHaveLength(1);
    expect(subs.data[0]).toMatchObject({ status: 'active', metadata: { frequency: 'monthly', source: 'website' } });
    expect(subs.data[0].items.data[0].price).toMatchObject({
      unit_amount: 2500,
      recurring: { interval: 'month', interval_count: 1 },
    });

    const [record] = await stack.db.query(`SELECT * FROM donation_records WHERE email = $1`, [email]);
    expect(record).toMatchObject({ amount: '2500', frequency: 'monthly', subscription_id: subs.data[0].id });
    const charge = await until(
      async () => (await stack.db.query(`SELECT * FROM charges WHERE customer_id = $1`, [customers.data[0].id]))[0],
      30_000,
      'the monthly charge in the read model',
    );
    expect(charge).toMatchObject({ amount: '2500', status: 'succeeded' });
    expect(errors).toEqual([]);
  });

  it('a declined card shows the Payment Error toast and an inline alert with the provider message, and stays on step 2', async () => {
    const { page } = await openDonate();
    await page.getByRole('button', { name: '$100', exact: true }).click();
    await fillDonor(page, 'maria.declined@example.org');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByRole('heading', { name: 'Complete Your Donation' }).waitFor();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $100.00' }).click();
    await expect(toastText(page)).resolves.toBe('Payment Error Your card was declined.');
    const alert = page.locator('.alert--destructive');
    // The alert, which stays, gives the provider's reason too (SPEC section 8), and what to do next.
    await expect(alert.innerText().then((t) => t.replace(/\s+/g, ' '))).resolves.toBe(
      'Your payment did not go through Your card was declined. Nothing was charged. Please try another card, or call us at (870) 555-0142 and we will take your gift by phone.',
    );
    await expect(alert.getAttribute('role')).resolves.toBe('alert');
    await expect(page.getByRole('button', { name: 'Pay $100.00' }).isEnabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Back' }).isEnabled()).resolves.toBe(true);
    expect(await runAxe(page)).toEqual([]);
    await expect(
      stack.db.query(`SELECT count(*)::int AS n FROM donation_records WHERE email = 'maria.declined@example.org'`),
    ).resolves.toEqual([{ n: 0 }]);
  });

  it('if recording fails after a successful payment, the note says the payment went through and the form is shown again', async () => {
    const { page } = await openDonate();
    await page.getByRole('button', { name: '$25', exact: true }).click();
    await fillDonor(page, 'maria.norecord@example.org');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await fillCard(page, '4242 4242 4242 4242');
    // Intent creation needs only Stripe and Redis; recording needs Postgres, which is now away.
    await stack.db.setReachable(false);
    try {
      await page.getByRole('button', { name: 'Pay $25.00' }).click();
      const note = page.getByText(
        "Your payment was successful, but we had trouble recording your donation details. Don't worry, your contribution has been received.",
      );
      await note.waitFor();
      await expect(page.getByRole('button', { name: 'Continue to Payment' }).isVisible()).resolves.toBe(true);
      await expect(page.getByLabel('Donation Amount').inputValue()).resolves.toBe('');
    } finally {
      await stack.db.setReachable(true);
    }
  });
});
