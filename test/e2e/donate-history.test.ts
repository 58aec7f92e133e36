import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import type Stripe from 'stripe';
import { runAxe } from '../helpers/axe.js';
import path from 'node:path';
import { screenshot, settled, SCREENSHOT_DIR } from '../helpers/browser.js';
import { fillCard, fillDonor } from '../helpers/donate-page.js';
import { donateWorld } from '../helpers/donate-world.js';

jest.setTimeout(180_000);

/** Donors never lose their place (issue 27): reload, Back and Forward on /donate, and a decline they can act on. */

const donor = {
  firstName: 'Edna',
  lastName: 'Marsh',
  phone: '(870) 555-0199',
  address: '4 Creek Road',
  city: 'Marshall',
  state: 'AR',
  zipCode: '72650',
};

/** Every value step 1 shows, by input id (checkboxes as 'true' / 'false'). */
async function formValues(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const out: Record<string, string> = {};
    for (const el of Array.from(
      document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
        '.donate-panel form :is(input, select, textarea)',
      ),
    )) {
      const key = el.id || `${el.name}${el.type === 'radio' ? `=${el.value}` : ''}`;
      out[key] =
        el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
          ? String(el.checked)
          : el.value;
    }
    return out;
  });
}

/** The whole page, and the panel alone at full scale (to look at the fields closely). */
async function shots(page: Page, name: string) {
  await screenshot(page, name);
  await page.locator('.donate-panel').screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-panel.png`) });
}

describe('donate: reload, Back and Forward keep the donor in place; a decline says why', () => {
  const world = donateWorld();
  const { openDonate } = world;
  const step2 = (page: Page) => page.getByRole('heading', { name: 'Complete Your Donation' });
  const step1 = (page: Page) => page.getByRole('button', { name: 'Continue to Payment' });

  async function intentsFor(email: string): Promise<Stripe.PaymentIntent[]> {
    const out: Stripe.PaymentIntent[] = [];
    for (const c of (await world.stripe.customers.list({ email })).data)
      out.push(...(await world.stripe.paymentIntents.list({ customer: c.id })).data);
    return out;
  }

  /** Step 1 with an amount in cents, a tribute and the donor's details. */
  async function fillStep1(page: Page, email: string) {
    await page.getByLabel('Donation Amount').fill('40.25');
    await page.getByText('Give in honor or memory of someone (optional)').click();
    await page.getByLabel('In memory of').check();
    await page.getByLabel('Their name').fill('Walter Marsh');
    await page.getByLabel('Their e-mail').fill('june.marsh@example.org');
    await fillDonor(page, donor, email);
  }

  it.each([[390], [1280]])(
    'at %i px: reload on step 2 keeps every value and the step; Back shows step 1, Forward step 2; a decline then a reload, and one PaymentIntent is paid',
    async (width) => {
      const { page, errors } = await openDonate(width);
      const email = `edna.history.${width}@example.org`;
      await fillStep1(page, email);
      const filled = await formValues(page);
      expect(filled).toMatchObject({
        'donation-amount': '40.25',
        'donor-firstName': 'Edna',
        'donor-zipCode': '72650',
        'tribute-name': 'Walter Marsh',
        'tributeKind=memory': 'true',
      });
      expect(await runAxe(page)).toEqual([]);
      await shots(page, `donate-history-step1-${width}`);

      await step1(page).click();
      await step2(page).waitFor();
      await page.reload({ waitUntil: 'networkidle' });
      await step2(page).waitFor();
      await expect(page.getByText('Step 2 of 2: payment').count()).resolves.toBe(1);
      // On a phone the panel is far down the page: the reload shows it, not the page's first text.
      await expect(
        page.getByText('Step 2 of 2: payment').evaluate((el) => el.getBoundingClientRect().top < innerHeight),
      ).resolves.toBe(true);
      await expect(page.locator('.donation-summary').innerText()).resolves.toBe("You're donating $40.25");
      await expect(page.getByRole('button', { name: 'Pay $40.25', exact: true }).isVisible()).resolves.toBe(true);
      expect(await runAxe(page)).toEqual([]);
      await shots(page, `donate-history-step2-${width}`);
      // The card number has a row of its own, the payment field's whole width (at 390 px it was cut short beside
      // expiry and CVC); expiry and CVC share the next row.
      const fit = await page.evaluate(() => {
        const box = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
        const field = box('.payment-field');
        return {
          share: box('input[name="cardnumber"]').width / field.width,
          sameRow: box('input[name="exp-date"]').top === box('input[name="cvc"]').top,
        };
      });
      expect(fit.share).toBeGreaterThan(0.9);
      expect(fit.sameRow).toBe(true);

      // The browser's Back: step 1 with every value; Forward: step 2 again.
      await page.goBack();
      await step1(page).waitFor();
      await expect(formValues(page)).resolves.toEqual(filled);
      await expect(page.getByLabel('Their name').isVisible()).resolves.toBe(true);
      await page.goForward();
      await step2(page).waitFor();
      await expect(page.getByRole('button', { name: 'Pay $40.25', exact: true }).isVisible()).resolves.toBe(true);

      // A decline: its reason in the inline alert, which has focus, with the phone number as a tel: link.
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pay $40.25', exact: true }).click();
      const alert = page.locator('.payment-error');
      await alert.waitFor();
      await expect(alert.innerText().then((t) => t.replace(/\s+/g, ' ').trim())).resolves.toBe(
        'Your payment did not go through Your card was declined. Nothing was charged. Please try another card, or call us at (870) 555-0142 and we will take your gift by phone.',
      );
      await expect(alert.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      await expect(alert.getByRole('link', { name: '(870) 555-0142' }).getAttribute('href')).resolves.toBe(
        'tel:+18705550142',
      );
      await settled(page); // the toast's entry animation, before the picture
      expect(await runAxe(page)).toEqual([]);
      await shots(page, `donate-history-declined-${width}`);
      const [declined] = await intentsFor(email);
      expect(declined.status).toBe('requires_payment_method');

      // The tab keeps the values and the started payment, never the card.
      const stored = await page.evaluate(() => JSON.stringify(Object.fromEntries(Object.entries(sessionStorage))));
      expect(stored).toContain('Walter Marsh');
      expect(stored).not.toMatch(/4000|0002|12 \/ 34|"123"/);

      // After a reload (the donor went to find another card) the same gift pays the same PaymentIntent.
      await page.reload({ waitUntil: 'networkidle' });
      await step2(page).waitFor();
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $40.25', exact: true }).click();
      await page.locator('.thank-you').waitFor();
      await expect(intentsFor(email).then((l) => l.map((pi) => [pi.id, pi.status]))).resolves.toEqual([
        [declined.id, 'succeeded'],
      ]);
      await expect(
        world.stack.db.query(`SELECT payment_intent_id FROM donation_records WHERE email = $1`, [email]),
      ).resolves.toEqual([{ payment_intent_id: declined.id }]);

      // The gift is done: nothing kept, and a reload is an empty step 1.
      await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
      await page.reload({ waitUntil: 'networkidle' });
      await step1(page).waitFor();
      await expect(page.getByLabel('Donation Amount').inputValue()).resolves.toBe('');
      // Chromium logs the declined confirm call's 402 (as with Stripe's own Stripe.js); nothing else.
      expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
    },
  );

  it('a payment that went through while the page was away (a reload mid-payment) is finished on return: recorded and thanked, never asked again', async () => {
    const { page, errors } = await openDonate(390);
    const email = 'edna.away@example.org';
    await page.getByRole('button', { name: '$50', exact: true }).click();
    await fillDonor(page, donor, email);
    await step1(page).click();
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $50.00', exact: true }).click();
    await page.locator('.payment-error').waitFor();
    // The started payment is confirmed with a good card while the page is gone (as when a phone drops the tab
    // while Stripe is still answering), then the donor comes back to the tab.
    const [started] = await intentsFor(email);
    await world.stripe.paymentIntents.confirm(started.id, { payment_method: 'pm_card_visa' });
    await page.reload({ waitUntil: 'networkidle' });
    const thanks = page.locator('.thank-you');
    await thanks.waitFor();
    await expect(thanks.innerText()).resolves.toMatch(
      /^Thank you, Edna! Your gift went through\.\s+You gave \$50\.00 \(one-time\)/,
    );
    await expect(step1(page).isVisible()).resolves.toBe(true);
    await expect(
      world.stack.db.query(`SELECT payment_intent_id FROM donation_records WHERE email = $1`, [email]),
    ).resolves.toEqual([{ payment_intent_id: started.id }]);
    await expect(intentsFor(email).then((l) => l.length)).resolves.toBe(1);
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
    expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([]);
  });

  it.each([
    ['on the same page', false],
    ['after a reload', true],
  ])(
    'a started payment cancelled meanwhile (%s) is replaced by one new payment, which the good card pays',
    async (_, reload) => {
      const { page, errors } = await openDonate(1280);
      const email = `edna.cancelled.${reload}@example.org`;
      await page.getByRole('button', { name: '$25', exact: true }).click();
      await fillDonor(page, donor, email);
      await step1(page).click();
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: 'Pay $25.00', exact: true }).click();
      await page.locator('.payment-error').waitFor();
      const [first] = await intentsFor(email);
      await world.stripe.paymentIntents.cancel(first.id);
      if (reload) await page.reload({ waitUntil: 'networkidle' });
      await fillCard(page, '4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Pay $25.00', exact: true }).click();
      await page.locator('.thank-you').waitFor();
      const intents = await intentsFor(email);
      expect(intents.map((pi) => pi.status).sort()).toEqual(['canceled', 'succeeded']);
      const paid = intents.find((pi) => pi.status === 'succeeded')!;
      await expect(
        world.stack.db.query(`SELECT payment_intent_id FROM donation_records WHERE email = $1`, [email]),
      ).resolves.toEqual([{ payment_intent_id: paid.id }]);
      // Chromium logs the confirm calls Stripe refused (402 declined, 400 cancelled), as with Stripe's own Stripe.js.
      expect(errors.filter((e) => !/status of 40[02]/.test(e))).toEqual([]);
    },
  );

  it("the page's Back button is the browser's Back: Forward returns to step 2; a frequency and a changed step 1 are kept", async () => {
    const { page, errors } = await openDonate(1280);
    await page.getByLabel('Donation Amount').fill('30');
    await page.getByLabel('Frequency').selectOption('monthly');
    await fillDonor(page, donor, 'edna.monthly@example.org');
    await step1(page).click();
    await page.getByRole('button', { name: 'Pay $30.00 monthly', exact: true }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Pay $30.00 monthly', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await step1(page).waitFor();
    await expect(page.getByLabel('Frequency').inputValue()).resolves.toBe('monthly');
    await page.goForward();
    await page.getByRole('button', { name: 'Pay $30.00 monthly', exact: true }).waitFor();

    // Back, then a change that makes step 1 invalid: Forward stays on step 1 (it cannot be paid as it is).
    await page.goBack();
    await page.getByLabel('ZIP Code').fill('');
    await page.goForward();
    await step1(page).waitFor();
    await expect(step2(page).count()).resolves.toBe(0);
    await expect(page.getByLabel('Last Name').inputValue()).resolves.toBe('Marsh');
    await page.reload({ waitUntil: 'networkidle' });
    await step1(page).waitFor();
    await expect(page.getByLabel('Frequency').inputValue()).resolves.toBe('monthly');
    expect(errors).toEqual([]);
  });
});
