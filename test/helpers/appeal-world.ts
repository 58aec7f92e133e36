import type { Page } from 'playwright-core';
import { todayIn } from '../../core/src/gifts/calendar.js';
import { startBankGiftWorld, type BankGiftWorld } from './bank-gift-world.js';

export interface AppealWorld extends BankGiftWorld {
  /** The appeal created and published for the suite. */
  appealId: string;
  /** A new browser page at `path` on the stack (1280 px wide unless told), failing a step after 20 s. */
  openPage(path: string, width?: number): Promise<Page>;
}

/**
 * What the appeal page's browser suites share: the bank-gift world (a stack mailing a real SMTP receiver, the
 * emulator's clock `daysBack` days back, a signed-in admin, a browser) and one appeal, created through the admin
 * API with the fields `appealOn` gives for today (in the school's time zone) and published.
 */
export async function startAppealWorld(
  daysBack: number,
  appealOn: (today: string) => Record<string, unknown>,
): Promise<AppealWorld> {
  const w = await startBankGiftWorld(daysBack);
  try {
    const fields = appealOn(todayIn(w.stack.env.TIME_ZONE));
    const created = await w.api.post('/api/admin/appeals').send(fields).expect(201);
    const appealId = created.body.id as string;
    await w.api.post(`/api/admin/appeals/${appealId}/publish`).expect(200);
    const openPage = async (path: string, width = 1280): Promise<Page> => {
      const page = await w.browser.newPage({ viewport: { width, height: 900 } });
      page.setDefaultTimeout(20_000);
      await page.goto(`${w.stack.apiUrl}${path}`);
      return page;
    };
    return { ...w, appealId, openPage };
  } catch (err) {
    await w.stop().catch(() => undefined);
    throw err;
  }
}
