import type { Browser, Page } from 'playwright-core';
import { collectConsoleErrors } from './browser.js';

/** Shared by the donate page's browser tests (test/e2e/public-donate*.test.ts). */

export interface DonorDetails {
  firstName: string;
  lastName: string;
  phone?: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

/** /donate in a new page of that width, once its panel is there; console errors are collected. */
export async function openDonate(
  browser: Browser,
  baseUrl: string,
  width = 1280,
  height = 900,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors = collectConsoleErrors(page);
  await page.goto(`${baseUrl}/donate`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Make a Donation' }).waitFor();
  return { page, errors };
}

export async function fillDonor(page: Page, donor: DonorDetails, email: string) {
  await page.getByLabel('First Name').fill(donor.firstName);
  await page.getByLabel('Last Name').fill(donor.lastName);
  await page.getByLabel('Email').fill(email);
  if (donor.phone) await page.getByLabel('Phone (optional)').fill(donor.phone);
  await page.getByLabel('Address').fill(donor.address);
  await page.getByLabel('City').fill(donor.city);
  await page.getByLabel('State').fill(donor.state);
  await page.getByLabel('ZIP Code').fill(donor.zipCode);
}

/** The stand-in Stripe.js card field: number, then a valid expiry and CVC. */
export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiration date/).fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

/** The newest toast's title and description on one line, without the close button's ×. */
export async function toastText(page: Page): Promise<string> {
  const t = page.locator('.toast').last();
  await t.waitFor();
  return (await t.innerText()).replace(/\s+/g, ' ').replace('×', '').trim();
}
