import type { Browser } from 'playwright-core';
import type Stripe from 'stripe';
import { createStripeClient } from '../../core/src/stripe/stripe.client.js';
import { authed, createAdmin, signIn, type TestAdmin } from './admin.js';
import { launchBrowser } from './browser.js';
import { acknowledgmentsOnSince } from './donor-mail.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';
import { startStack, type Stack } from './stack.js';

const DAY = 86400;

export interface BankGiftWorld {
  smtp: SmtpCatcher;
  stack: Stack;
  stripe: Stripe;
  admin: TestAdmin;
  api: ReturnType<typeof authed>;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * What the bank-payment browser suites share: a stack mailing a real SMTP receiver, the emulator's clock set
 * `daysBack` days in the past (a bank debit settles 4 days on, and the API refuses events dated in the future),
 * acknowledgments on from the day before that, a signed-in admin and a browser.
 */
export async function startBankGiftWorld(daysBack: number): Promise<BankGiftWorld> {
  const smtp = await startSmtpCatcher();
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await stack?.stop();
    await smtp.close();
  };
  try {
    stack = await startStack({ env: { SMTP_URL: smtp.url } });
    await stack.emulator!.advanceClock(-daysBack * DAY);
    await acknowledgmentsOnSince(stack.db, new Date(Date.now() - (daysBack + 1) * DAY * 1000));
    const admin = await createAdmin(stack, { name: 'Morgan Reyes' });
    const api = authed(stack, (await signIn(stack, admin)).token);
    browser = await launchBrowser();
    return { smtp, stack, stripe: createStripeClient(stack.env), admin, api, browser, stop };
  } catch (err) {
    // What started is stopped again: a suite whose setup failed leaves no server running.
    await stop().catch(() => undefined);
    throw err;
  }
}
