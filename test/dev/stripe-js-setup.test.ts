import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import type { StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { collectConsoleErrors, screenshot } from '../helpers/browser.js';
import { htmlPage, startStandInSite, type StandInSite } from '../helpers/stand-in-site.js';
import { runAxe } from '../helpers/axe.js';

/** A bare "update your card" page, served from another origin than the emulator (as the app is). */
function updateCardPage(emulator: StripeEmulator): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Update your card</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="${emulator.url}/js/v3"></script></head><body><main>
<h1>Update your card</h1>
<form id="save"><div id="card"></div><button type="submit">Save card</button></form>
<p id="result" role="status"></p><p id="field-error" role="alert"></p><p id="error" role="alert"></p></main>
<script>
  var clientSecret = new URLSearchParams(location.search).get('cs');
  var stripe = Stripe('${emulator.publishableKey}');
  var card = stripe.elements().create('card');
  card.mount('#card');
  card.on('change', function (e) { document.getElementById('field-error').textContent = e.error ? e.error.message : ''; });
  document.getElementById('save').addEventListener('submit', function (ev) {
    ev.preventDefault();
    document.getElementById('error').textContent = '';
    document.getElementById('result').textContent = '';
    stripe.confirmCardSetup(clientSecret, { payment_method: { card: card, billing_details: { name: 'Ann Lee', email: 'ann@example.org' } } })
      .then(function (r) {
        if (r.error) document.getElementById('error').textContent = r.error.message;
        else document.getElementById('result').textContent = 'Card saved: ' + r.setupIntent.status + ' ' + r.setupIntent.payment_method;
      });
  });
</script></body></html>`;
}

describe('stand-in Stripe.js confirmCardSetup in Chromium', () => {
  let stripe: Stripe;
  let site: StandInSite;
  let siteUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    site = await startStandInSite(htmlPage(updateCardPage));
    ({ stripe, url: siteUrl, browser } = site);
  });

  afterAll(() => site?.stop());

  async function openFor(
    customer: string,
    width = 1280,
  ): Promise<{ page: Page; si: Stripe.SetupIntent; errors: string[] }> {
    const si = await stripe.setupIntents.create({
      customer,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });
    const page = await browser.newPage({ viewport: { width, height: 700 } });
    const errors = collectConsoleErrors(page);
    await page.goto(`${siteUrl}/?cs=${encodeURIComponent(si.client_secret!)}`);
    return { page, si, errors };
  }

  /** Types into each field of the card Element as a person would (after clearing what a previous try left). */
  async function typeCard(page: Page, number: string): Promise<void> {
    for (const [label, text] of [
      ['Card number', number],
      ['Expiration date (MM / YY)', '1234'],
      ['CVC', '123'],
    ]) {
      await page.getByLabel(label).fill('');
      await page.getByLabel(label).pressSequentially(text, { delay: 5 });
    }
  }

  it('saves 4242 4242 4242 4242 to the customer from the card field (390 and 1280 px, no axe violations)', async () => {
    for (const width of [390, 1280]) {
      const customer = await stripe.customers.create({ email: `setup-${width}@example.org` });
      const { page, si, errors } = await openFor(customer.id, width);
      expect(await runAxe(page)).toEqual([]);
      await typeCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Save card' }).click();
      await page.getByRole('status').filter({ hasText: 'Card saved: succeeded' }).waitFor();
      await screenshot(page, `stripe-js-setup-saved-${width}`);
      expect(await runAxe(page)).toEqual([]);

      const after = await stripe.setupIntents.retrieve(si.id);
      expect(after.status).toBe('succeeded');
      const pm = await stripe.paymentMethods.retrieve(after.payment_method as string);
      expect(pm).toMatchObject({
        customer: customer.id,
        card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
        billing_details: { name: 'Ann Lee', email: 'ann@example.org' },
      });
      expect(await page.getByRole('status').textContent()).toContain(pm.id);
      const seen = await page.evaluate((cs) => (window as any).stripe.retrieveSetupIntent(cs), si.client_secret!);
      expect(seen).toMatchObject({ setupIntent: { id: si.id, status: 'succeeded', payment_method: pm.id } });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows the decline of 4000 0000 0000 0002, then saves 4000 0000 0000 0341 whose later charges decline', async () => {
    const customer = await stripe.customers.create({ email: 'setup-declines@example.org' });
    const { page, si } = await openFor(customer.id);
    await typeCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await screenshot(page, 'stripe-js-setup-declined');
    expect(await runAxe(page)).toEqual([]);
    expect(await stripe.setupIntents.retrieve(si.id)).toMatchObject({
      status: 'requires_payment_method',
      last_setup_error: { code: 'card_declined' },
    });

    await typeCard(page, '4000 0000 0000 0341');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByRole('status').filter({ hasText: 'Card saved: succeeded' }).waitFor();
    const saved = await stripe.setupIntents.retrieve(si.id);
    expect(saved.status).toBe('succeeded');
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd', customer: customer.id });
    await expect(
      stripe.paymentIntents.confirm(pi.id, { payment_method: saved.payment_method as string, off_session: true }),
    ).rejects.toMatchObject({ statusCode: 402, code: 'card_declined' });
    await page.close();
  });

  it('answers a malformed client secret with an error, without calling the API', async () => {
    const customer = await stripe.customers.create({ email: 'setup-bad@example.org' });
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/?cs=pi_123_secret_abc`);
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'clientSecret should be a client secret of the form seti_' })
      .waitFor();
    expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data).toEqual([]);
    await page.close();
  });
});
