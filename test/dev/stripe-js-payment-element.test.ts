import type { Browser, Page } from 'playwright-core';
import type Stripe from 'stripe';
import type { StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { collectConsoleErrors, screenshot } from '../helpers/browser.js';
import { startStandInSite, type StandInSite } from '../helpers/stand-in-site.js';
import { DAY } from '../helpers/stripe-shapes.js';
import { runAxe } from '../helpers/axe.js';

/**
 * A bare checkout page on another origin than the emulator, as the app is: `?cs=` confirms an existing
 * intent (`&kind=setup` for a SetupIntent); `?mode=payment&amount=` is the deferred-intent flow, where the
 * page calls elements.submit() and then asks its own server (`POST /intent`) for the intent.
 */
function checkoutPage(emulator: StripeEmulator): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Give</title><script src="${emulator.url}/js/v3"></script>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem;color:#1a1a1a}button{font-size:16px;padding:10px 16px;margin-top:12px}</style>
</head><body><main><h1>Give to Hillside</h1>
<form id="pay"><div id="payment"></div><button type="submit">Pay</button></form>
<p id="result" role="status"></p><p id="error" role="alert"></p></main>
<script>
  var q = new URLSearchParams(location.search);
  var stripe = Stripe('${emulator.publishableKey}');
  var deferred = q.get('mode');
  var elements = deferred ? stripe.elements({ mode: deferred, amount: Number(q.get('amount')), currency: 'usd' }) : stripe.elements({ clientSecret: q.get('cs') });
  var pe = elements.create('payment', { defaultValues: { billingDetails: { name: q.get('name') || '' } } });
  pe.on('ready', function () { document.body.setAttribute('data-ready', 'yes'); });
  pe.on('change', function (e) { document.body.setAttribute('data-type', e.value.type); document.body.setAttribute('data-complete', String(e.complete)); });
  pe.mount('#payment');
  function show(m) { document.getElementById('error').textContent = m; }
  document.getElementById('pay').addEventListener('submit', async function (ev) {
    ev.preventDefault();
    show('');
    var cs = q.get('cs');
    if (deferred) {
      var submitted = await elements.submit();
      if (submitted.error) return show(submitted.error.message);
      cs = (await (await fetch('/intent?amount=' + q.get('amount'), { method: 'POST' })).json()).clientSecret;
    }
    var setup = q.get('kind') === 'setup';
    var r = await stripe[setup ? 'confirmSetup' : 'confirmPayment']({ elements: elements, clientSecret: cs, redirect: q.get('redirect') || 'if_required',
      confirmParams: { return_url: location.origin + '/done', payment_method_data: { billing_details: { email: 'ann@example.org' } } } });
    if (r.error) show(r.error.message);
    else document.getElementById('result').textContent = setup ? 'Setup ' + r.setupIntent.status : 'Payment ' + r.paymentIntent.status;
  });
</script></body></html>`;
}

describe('stand-in Stripe.js Payment Element in Chromium', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let site: StandInSite;
  let siteUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    site = await startStandInSite((ctx, req, res) => {
      const url = new URL(req.url ?? '/', 'http://site');
      if (url.pathname === '/intent') {
        void ctx.stripe.paymentIntents
          .create({ amount: Number(url.searchParams.get('amount')), currency: 'usd' })
          .then((pi) =>
            res
              .writeHead(200, { 'content-type': 'application/json' })
              .end(JSON.stringify({ clientSecret: pi.client_secret })),
          );
        return;
      }
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          url.pathname === '/done'
            ? '<!doctype html><title>Done</title><h1>Thank you</h1>'
            : checkoutPage(ctx.emulator),
        );
    });
    ({ emulator, stripe, url: siteUrl, browser } = site);
  });
  afterAll(() => site?.stop());

  async function open(query: string, width = 1280): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${siteUrl}/?${query}`);
    await page.locator('body[data-ready="yes"]').waitFor();
    return page;
  }
  const cs = (pi: { client_secret: string | null }) => `cs=${encodeURIComponent(pi.client_secret!)}`;
  async function typeCard(page: Page, number: string): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration date (MM / YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
  }
  async function typeBank(page: Page, account: string, routing = '110000000'): Promise<void> {
    await page.getByRole('radio', { name: 'US bank account' }).check();
    await page.getByLabel('Account holder name').fill('Ann Lee');
    await page.getByLabel('Routing number').fill(routing);
    await page.getByLabel('Account number').fill(account);
  }
  const expectNoAxe = async (page: Page) => expect(await runAxe(page)).toEqual([]);

  it('offers card and US bank account as labelled radios and pays by card', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 5000, currency: 'usd' });
    const page = await open(cs(pi));
    const errors = collectConsoleErrors(page);
    expect(
      await page
        .getByRole('radio')
        .evaluateAll((rs) =>
          rs.map((r) => [(r as HTMLInputElement).labels![0].textContent, (r as HTMLInputElement).checked]),
        ),
    ).toEqual([
      ['Card', true],
      ['US bank account', false],
    ]);
    expect(await page.getByRole('group', { name: 'Payment method' }).count()).toBe(1);
    await expect(page.getByLabel('Routing number').isVisible()).resolves.toBe(false);
    await expectNoAxe(page);
    await screenshot(page, 'payment-element-card-1280');
    await typeCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment succeeded' }).waitFor();
    const charge = (await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge'] }))
      .latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({
      status: 'succeeded',
      billing_details: { email: 'ann@example.org' },
      payment_method_details: { type: 'card', card: { last4: '4242' } },
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('pays by test bank account with the keyboard alone: processing, then succeeded on the emulator clock', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 100000, currency: 'usd' });
    const page = await open(cs(pi), 390);
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).value)).resolves.toBe('card');
    await page.keyboard.press('ArrowRight');
    await page.locator('body[data-type="us_bank_account"]').waitFor();
    await expect(page.getByLabel('Card number').isVisible()).resolves.toBe(false);
    for (const text of ['Ann Lee', '110000000', '000123456789']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(text);
    }
    await page.locator('body[data-complete="true"]').waitFor();
    await expectNoAxe(page);
    await screenshot(page, 'payment-element-bank-390');
    await page.keyboard.press('Tab'); // account type
    await page.keyboard.press('Tab'); // Pay
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Payment processing' }).waitFor();

    const processing = await stripe.paymentIntents.retrieve(pi.id, { expand: ['latest_charge', 'payment_method'] });
    expect(processing.payment_method).toMatchObject({
      type: 'us_bank_account',
      billing_details: { name: 'Ann Lee', email: 'ann@example.org' },
      us_bank_account: { last4: '6789', routing_number: '110000000' },
    });
    const mandate = await stripe.mandates.retrieve(
      (processing.latest_charge as Stripe.Charge).payment_method_details!.us_bank_account!.mandate as string,
    );
    expect(mandate.customer_acceptance.type).toBe('online');
    await emulator.advanceClock(4 * DAY);
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('succeeded');
    await page.close();
  });

  it('shows field errors inline, tied to their inputs, and calls nothing until the bank details are complete', async () => {
    const pi = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    const page = await open(cs(pi));
    await typeBank(page, '12', '11000');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your routing number is incomplete.' }).waitFor();
    const routing = page.getByLabel('Routing number');
    await expect(routing.getAttribute('aria-invalid')).resolves.toBe('true');
    const describedBy = (await routing.getAttribute('aria-describedby'))!;
    await expect(page.locator(`#${describedBy}`).textContent()).resolves.toBe('Your routing number is incomplete.');
    await expect(
      page.locator(`#${(await page.getByLabel('Account number').getAttribute('aria-describedby'))!}`).textContent(),
    ).resolves.toBe('Your account number is incomplete.');
    await expectNoAxe(page);
    await screenshot(page, 'payment-element-bank-errors-1280');
    await routing.fill('110000001');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your routing number is invalid.' }).waitFor();
    expect((await stripe.paymentIntents.retrieve(pi.id)).status).toBe('requires_payment_method');
    await page.close();
  });

  it('reports a declined card, and a failing test bank account after processing', async () => {
    const declined = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    let page = await open(cs(declined));
    await typeCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await page.close();

    const failing = await stripe.paymentIntents.create({ amount: 2000, currency: 'usd' });
    page = await open(cs(failing));
    await typeBank(page, '000111111116');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment processing' }).waitFor();
    await emulator.advanceClock(4 * DAY);
    expect(await stripe.paymentIntents.retrieve(failing.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'no_account' },
    });
    await page.close();
  });

  it('confirms a deferred intent after elements.submit(), and refuses to confirm before it', async () => {
    const page = await open('mode=payment&amount=7500');
    await typeBank(page, '000123456789');
    const early = await page.evaluate(async () => {
      const w = window as unknown as { stripe: { confirmPayment(o: unknown): Promise<unknown> }; elements: unknown };
      return w.stripe
        .confirmPayment({ elements: w.elements, clientSecret: 'pi_x_secret_y', redirect: 'if_required' })
        .then(
          () => 'resolved',
          (e: Error) => e.message,
        );
    });
    expect(early).toMatch(/^IntegrationError: elements\.submit\(\) must be called before stripe\.confirmPayment\(\)/);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment processing' }).waitFor();
    const [pi] = (await stripe.paymentIntents.list({ limit: 1 })).data;
    expect(pi).toMatchObject({ amount: 7500, status: 'processing' });
    await page.close();
  });

  it('saves a bank account with confirmSetup', async () => {
    const customer = await stripe.customers.create({ email: 'saver@example.org' });
    const si = await stripe.setupIntents.create({ customer: customer.id });
    const page = await open(`${cs(si)}&kind=setup&name=Sam%20Saver`);
    await page.getByRole('radio', { name: 'US bank account' }).check();
    await expect(page.getByLabel('Account holder name').inputValue()).resolves.toBe('Sam Saver');
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('status').filter({ hasText: 'Setup succeeded' }).waitFor();
    const saved = await stripe.setupIntents.retrieve(si.id, { expand: ['payment_method'] });
    expect(saved).toMatchObject({
      status: 'succeeded',
      mandate: expect.stringMatching(/^mandate_/),
      payment_method: { customer: customer.id, type: 'us_bank_account', billing_details: { name: 'Sam Saver' } },
    });
    await page.close();
  });

  it('shows only the card fields for a card-only intent, redirects to return_url by default, and refuses paymentMethodTypes', async () => {
    const pi = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      allowed_payment_method_types: ['card'],
    });
    const page = await open(`${cs(pi)}&redirect=always`);
    expect(await page.getByRole('radio').count()).toBe(0);
    await typeCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/done\?/);
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      payment_intent: pi.id,
      payment_intent_client_secret: pi.client_secret,
      redirect_status: 'succeeded',
    });
    await page.goto(`${siteUrl}/?${cs(pi)}`);
    const message = await page.evaluate((pk) => {
      try {
        (window as unknown as { Stripe: (k: string) => { elements(o: unknown): unknown } })
          .Stripe(pk)
          .elements({ mode: 'payment', amount: 1000, currency: 'usd', paymentMethodTypes: ['card'] });
        return 'created';
      } catch (e) {
        return (e as Error).message;
      }
    }, emulator.publishableKey);
    expect(message).toMatch(/^IntegrationError: paymentMethodTypes is not supported/);
    await page.close();
  });
});
