import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import type { StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { collectConsoleErrors, screenshot } from '../helpers/browser.js';
import { htmlPage, startStandInSite, type StandInSite } from '../helpers/stand-in-site.js';

/** A bare checkout page, served from another origin than the emulator (as the app is). */
function checkoutPage(emulator: StripeEmulator): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Give</title>
<script src="${emulator.url}/js/v3"></script></head><body><main>
<form id="pay"><div id="card"></div><button type="submit">Pay</button></form>
<p id="result" role="status"></p><p id="error" role="alert"></p></main>
<script>
  var clientSecret = new URLSearchParams(location.search).get('cs');
  var stripe = Stripe('${emulator.publishableKey}');
  var elements = stripe.elements();
  elements.create('card', { style: { base: { fontSize: '16px' } } }).mount('#card');
  elements.getElement('card').on('change', function (e) { document.getElementById('error').textContent = e.error ? e.error.message : ''; });
  document.getElementById('pay').addEventListener('submit', function (ev) {
    ev.preventDefault();
    stripe.confirmCardPayment(clientSecret, { payment_method: { card: elements.getElement('card'), billing_details: { name: 'Ann Lee', email: 'ann@example.org' } } })
      .then(function (r) {
        if (r.error) document.getElementById('error').textContent = r.error.message;
        else document.getElementById('result').textContent = 'Payment ' + r.paymentIntent.status;
      });
  });
</script></body></html>`;
}

describe('stand-in Stripe.js in Chromium', () => {
  let stripe: Stripe;
  let site: StandInSite;
  let siteUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    site = await startStandInSite(htmlPage(checkoutPage));
    ({ stripe, url: siteUrl, browser } = site);
  });

  afterAll(() => site?.stop());

  async function typeCard(page: Page, number: string, expiry: string, cvc: string): Promise<void> {
    await page.getByLabel('Card number').focus();
    await page.keyboard.type(number, { delay: 5 });
    await page.getByLabel('Expiration date (MM / YY)').focus();
    await page.keyboard.type(expiry, { delay: 5 });
    await page.getByLabel('CVC').focus();
    await page.keyboard.type(cvc, { delay: 5 });
  }

  it('renders labelled card inputs and pays a payment intent with 4242 4242 4242 4242', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd', description: 'Gift' });
    const page = await browser.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${siteUrl}/?cs=${encodeURIComponent(pi.client_secret!)}`);
    await expect(
      page.evaluate(() => (window as unknown as { Stripe: { version: string } }).Stripe.version),
    ).resolves.toBe('endive');
    await expect(page.getByLabel('Card number').getAttribute('autocomplete')).resolves.toBe('cc-number');
    await expect(page.getByLabel('Expiration date (MM / YY)').getAttribute('autocomplete')).resolves.toBe('cc-exp');
    await expect(page.getByLabel('CVC').getAttribute('autocomplete')).resolves.toBe('cc-csc');

    await typeCard(page, '4242 4242 4242 4242', '12/34', '123');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    await expect(page.getByLabel('Expiration date (MM / YY)').inputValue()).resolves.toBe('12 / 34');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Payment succeeded' }).waitFor();
    await screenshot(page, 'stripe-js-standin-paid');

    const after = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] });
    expect(after.status).toBe('succeeded');
    const charge = after.latest_charge as Stripe.Charge;
    expect(charge.payment_method_details?.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2034,
    });
    expect(charge.billing_details).toMatchObject({ name: 'Ann Lee', email: 'ann@example.org' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the decline message for a declined card and leaves the intent unpaid', async () => {
    const cases: Array<[string, string]> = [
      ['4000 0000 0000 0002', 'Your card was declined.'],
      ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ];
    for (const [number, message] of cases) {
      const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
      const page = await browser.newPage();
      await page.goto(`${siteUrl}/?cs=${encodeURIComponent(pi.client_secret!)}`);
      await typeCard(page, number, '0130', '321');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
      await page.close();
    }
  });

  it('reports an incomplete card number once the field is left, without calling the API', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/?cs=${encodeURIComponent(pi.client_secret!)}`);
    await page.getByLabel('Card number').focus();
    await page.keyboard.type('4242 42');
    await page.getByRole('button', { name: 'Pay' }).focus();
    await page.getByRole('alert').filter({ hasText: 'Your card number is incomplete.' }).waitFor();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    await page.close();
  });

  it('answers elements.update with a promise, as Stripe.js does, and throws at once on options it refuses', async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl}/?cs=none`);
    const answer = await page.evaluate(async () => {
      const group = (window as unknown as { elements: { update(o: object): unknown } }).elements;
      const returned = group.update({ amount: 2500 });
      const isPromise = returned instanceof Promise;
      await returned;
      let refused = '';
      try {
        group.update({ paymentMethodTypes: ['card'] });
      } catch (err) {
        refused = (err as Error).message;
      }
      return { isPromise, refused };
    });
    expect(answer.isPromise).toBe(true);
    expect(answer.refused).toMatch(/^IntegrationError: paymentMethodTypes is not supported/);
    await page.close();
  });
});
