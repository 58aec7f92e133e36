import type { Ctx } from '../core/context.js';
import type { Obj } from '../core/store.js';
import { configureAccount, getAccount } from '../resources/account.js';
import { configureMoney, moneySettings } from '../resources/money-settings.js';
import { failNextPayouts } from '../resources/payouts.js';

/**
 * Test helpers for money movement: `GET /_emulator/money` (fees, funds delay, payout hour, bank settlement
 * days), `POST /_emulator/money {fees: {cardPercent: 2.9, cardFixed: 30}, availableDelayDays, businessDays, payoutHour,
 * bankSettlementDays}` (applies to payments made afterwards), `POST /_emulator/payouts/fail {count, code}`,
 * `GET|POST /_emulator/account` (whether the account can take payments, and what it still owes Stripe).
 */
export function handleMoneyAdmin(ctx: Ctx, route: string, body: Obj): Obj | undefined {
  switch (route) {
    case 'GET money':
      return moneySettings(ctx);
    case 'POST money':
      return configureMoney(ctx, body);
    case 'GET account':
      return getAccount(ctx);
    case 'POST account':
      return configureAccount(ctx, body);
    case 'POST payouts/fail':
      return failNextPayouts(ctx, body);
    default:
      return undefined;
  }
}
