import { missing } from '../core/errors.js';
import { paginate } from '../core/list.js';
import { getAccount } from '../resources/account.js';
import { getBalance, getBalanceTransaction, listBalanceTransactions } from '../resources/balance.js';
import { getPayout, listPayouts } from '../resources/payouts.js';
import type { Router } from './router.js';

/** The account, money movement (balance, balance transactions, payouts) and mandates. */
export function registerMoneyRoutes(r: Router): void {
  r.add('GET', '/v1/account', (c) => getAccount(c.ctx));
  r.add('GET', '/v1/accounts/:id', (c) => {
    const account = getAccount(c.ctx);
    if (c.path.id !== account.id) throw missing('account', c.path.id);
    return account;
  });
  r.add('GET', '/v1/balance', (c) => getBalance(c.ctx));
  r.add('GET', '/v1/balance_transactions', (c) =>
    paginate(listBalanceTransactions(c.ctx, c.params), c.params, '/v1/balance_transactions'),
  );
  r.add('GET', '/v1/balance_transactions/:id', (c) => getBalanceTransaction(c.ctx, c.path.id));
  r.add('GET', '/v1/payouts', (c) => paginate(listPayouts(c.ctx, c.params), c.params, '/v1/payouts'));
  r.add('GET', '/v1/payouts/:id', (c) => getPayout(c.ctx, c.path.id));
  r.add('GET', '/v1/mandates/:id', (c) => {
    const m = c.ctx.store.get('mandates', c.path.id);
    if (!m) throw missing('mandate', c.path.id);
    return m;
  });
}
