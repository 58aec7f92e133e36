import { StripeApiError, invalid, missing } from '../core/errors.js';
import { compileSearch, paginate, searchPage } from '../core/list.js';
import { str, strings, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import type { Ctx } from '../core/context.js';
import { createRefund, getCharge, updateCharge } from '../resources/charges.js';
import { closeDispute, updateDispute } from '../resources/disputes.js';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, updateCustomer } from '../resources/customers.js';
import {
  cancelPaymentIntent,
  confirmPaymentIntent,
  createPaymentIntent,
  getPaymentIntent,
  updatePaymentIntent,
} from '../resources/payment-intents.js';
import {
  attachPaymentMethod,
  createPaymentMethod,
  detachPaymentMethod,
  listPaymentMethods,
  resolvePaymentMethod,
  updatePaymentMethod,
} from '../resources/payment-methods.js';
import { createPrice, createProduct } from '../resources/billing-objects.js';
import { getInvoice, updateInvoice } from '../resources/invoices.js';
import { cancelSubscription } from '../resources/subscription-end.js';
import { createSubscription, getSubscription } from '../resources/subscriptions.js';
import { cancelSubscriptionNow, updateSubscription } from '../resources/subscription-updates.js';
import { registerMoneyRoutes } from './api-money-routes.js';
import { addBillingRoutes } from './billing-routes.js';
import { checkClientSecret } from './client-secret.js';
import { Router } from './router.js';

const values = (ctx: Ctx, name: Parameters<Ctx['store']['col']>[0]) => ctx.store.col(name).values();
const filtered = (items: Iterable<Obj>, p: Params, keys: string[]) => {
  const wanted = keys.map((k) => [k, str(p, k)] as const).filter(([, v]) => v !== undefined);
  if (!wanted.length) return items;
  return [...items].filter((o) => wanted.every(([k, v]) => o[k] === v));
};
const search = (
  ctx: Ctx,
  name: Parameters<Ctx['store']['col']>[0],
  p: Params,
  url: string,
  skip: (o: Obj) => boolean = () => false,
) => {
  const test = compileSearch(str(p, 'query', true)!);
  return searchPage(
    [...values(ctx, name)].filter((o) => !skip(o) && test(o)),
    p,
    url,
  );
};
function get(ctx: Ctx, name: Parameters<Ctx['store']['col']>[0], id: string, label: string): Obj {
  const o = ctx.store.get(name, id);
  if (!o) throw missing(label, id);
  return o;
}

/** Stripe's REST endpoints the product (and the SDK) use. */
export function apiRouter(): Router {
  const r = new Router();
  // Customers
  r.add('POST', '/v1/customers', (c) => createCustomer(c.ctx, c.params));
  r.add('GET', '/v1/customers', (c) => paginate(listCustomers(c.ctx, c.params), c.params, '/v1/customers'));
  r.add('GET', '/v1/customers/search', (c) =>
    search(c.ctx, 'customers', c.params, '/v1/customers/search', (o) => !!o.deleted),
  );
  r.add('GET', '/v1/customers/:id', (c) => getCustomer(c.ctx, c.path.id));
  r.add('POST', '/v1/customers/:id', (c) => {
    const cus = getCustomer(c.ctx, c.path.id);
    if (cus.deleted) throw missing('customer', c.path.id);
    return updateCustomer(c.ctx, cus, c.params);
  });
  r.add('DELETE', '/v1/customers/:id', (c) => {
    const cus = getCustomer(c.ctx, c.path.id);
    if (cus.deleted) throw missing('customer', c.path.id);
    deleteCustomer(c.ctx, cus, (sub) => cancelSubscription(c.ctx, sub));
    return { id: cus.id, object: 'customer', deleted: true };
  });
  r.add('GET', '/v1/customers/:id/payment_methods', (c) => {
    getCustomer(c.ctx, c.path.id);
    return paginate(
      listPaymentMethods(c.ctx, { ...c.params, customer: c.path.id }),
      c.params,
      `/v1/customers/${c.path.id}/payment_methods`,
    );
  });
  // Payment methods
  r.add('POST', '/v1/payment_methods', (c) => createPaymentMethod(c.ctx, c.params), true);
  r.add('GET', '/v1/payment_methods', (c) =>
    paginate(listPaymentMethods(c.ctx, c.params), c.params, '/v1/payment_methods'),
  );
  r.add('GET', '/v1/payment_methods/:id', (c) => get(c.ctx, 'payment_methods', c.path.id, 'PaymentMethod'));
  r.add('POST', '/v1/payment_methods/:id', (c) =>
    updatePaymentMethod(c.ctx, get(c.ctx, 'payment_methods', c.path.id, 'PaymentMethod'), c.params),
  );
  r.add('POST', '/v1/payment_methods/:id/attach', (c) =>
    attachPaymentMethod(c.ctx, resolvePaymentMethod(c.ctx, c.path.id, 'id'), str(c.params, 'customer', true)!),
  );
  r.add('POST', '/v1/payment_methods/:id/detach', (c) =>
    detachPaymentMethod(c.ctx, get(c.ctx, 'payment_methods', c.path.id, 'PaymentMethod')),
  );
  // Payment intents
  r.add('POST', '/v1/payment_intents', (c) => createPaymentIntent(c.ctx, c.params));
  r.add('GET', '/v1/payment_intents', (c) =>
    paginate(filtered(values(c.ctx, 'payment_intents'), c.params, ['customer']), c.params, '/v1/payment_intents'),
  );
  r.add('GET', '/v1/payment_intents/search', (c) =>
    search(c.ctx, 'payment_intents', c.params, '/v1/payment_intents/search'),
  );
  r.add(
    'GET',
    '/v1/payment_intents/:id',
    (c) => {
      const pi = getPaymentIntent(c.ctx, c.path.id);
      checkClientSecret(c, pi);
      return pi;
    },
    true,
  );
  r.add('POST', '/v1/payment_intents/:id', (c) =>
    updatePaymentIntent(c.ctx, getPaymentIntent(c.ctx, c.path.id), c.params),
  );
  r.add(
    'POST',
    '/v1/payment_intents/:id/confirm',
    (c) => {
      const pi = getPaymentIntent(c.ctx, c.path.id);
      checkClientSecret(c, pi);
      const { client_secret: _ignored, ...rest } = c.params;
      return confirmPaymentIntent(c.ctx, pi, rest, { offSession: str(c.params, 'off_session') === 'true' });
    },
    true,
  );
  r.add('POST', '/v1/payment_intents/:id/cancel', (c) =>
    cancelPaymentIntent(c.ctx, getPaymentIntent(c.ctx, c.path.id), c.params),
  );
  // Charges, refunds, disputes
  r.add('GET', '/v1/charges', (c) =>
    paginate(filtered(values(c.ctx, 'charges'), c.params, ['customer', 'payment_intent']), c.params, '/v1/charges'),
  );
  r.add('GET', '/v1/charges/search', (c) => search(c.ctx, 'charges', c.params, '/v1/charges/search'));
  r.add('GET', '/v1/charges/:id', (c) => getCharge(c.ctx, c.path.id));
  r.add('POST', '/v1/charges/:id', (c) => updateCharge(c.ctx, getCharge(c.ctx, c.path.id), c.params));
  r.add('GET', '/v1/charges/:id/refunds', (c) =>
    paginate(
      filtered(values(c.ctx, 'refunds'), { charge: getCharge(c.ctx, c.path.id).id }, ['charge']),
      c.params,
      `/v1/charges/${c.path.id}/refunds`,
    ),
  );
  r.add('POST', '/v1/refunds', (c) => createRefund(c.ctx, c.params));
  r.add('GET', '/v1/refunds', (c) =>
    paginate(filtered(values(c.ctx, 'refunds'), c.params, ['charge', 'payment_intent']), c.params, '/v1/refunds'),
  );
  r.add('GET', '/v1/refunds/:id', (c) => get(c.ctx, 'refunds', c.path.id, 'refund'));
  r.add('GET', '/v1/disputes', (c) =>
    paginate(filtered(values(c.ctx, 'disputes'), c.params, ['charge', 'payment_intent']), c.params, '/v1/disputes'),
  );
  r.add('GET', '/v1/disputes/:id', (c) => get(c.ctx, 'disputes', c.path.id, 'dispute'));
  r.add('POST', '/v1/disputes/:id', (c) =>
    updateDispute(c.ctx, get(c.ctx, 'disputes', c.path.id, 'dispute'), c.params),
  );
  r.add('POST', '/v1/disputes/:id/close', (c) => {
    // Closing accepts a chargeback (lost); an inquiry just closes (warning_closed), as Stripe does.
    const d = get(c.ctx, 'disputes', c.path.id, 'dispute');
    return closeDispute(c.ctx, d, String(d.status).startsWith('warning_') ? 'warning_closed' : 'lost');
  });
  // Products, prices, subscriptions, invoices
  r.add('POST', '/v1/products', (c) => createProduct(c.ctx, c.params));
  r.add('GET', '/v1/products/:id', (c) => get(c.ctx, 'products', c.path.id, 'product'));
  r.add('POST', '/v1/prices', (c) => createPrice(c.ctx, c.params));
  r.add('GET', '/v1/prices/:id', (c) => get(c.ctx, 'prices', c.path.id, 'price'));
  r.add('POST', '/v1/subscriptions', (c) => createSubscription(c.ctx, c.params));
  r.add('GET', '/v1/subscriptions', (c) => {
    const status = str(c.params, 'status');
    const subs = [...filtered(values(c.ctx, 'subscriptions'), c.params, ['customer'])].filter((s) =>
      status === 'all'
        ? true
        : status
          ? s.status === status
          : s.status !== 'canceled' && s.status !== 'incomplete_expired',
    );
    return paginate(subs, c.params, '/v1/subscriptions');
  });
  r.add('GET', '/v1/subscriptions/search', (c) => search(c.ctx, 'subscriptions', c.params, '/v1/subscriptions/search'));
  r.add('GET', '/v1/subscriptions/:id', (c) => getSubscription(c.ctx, c.path.id));
  r.add('POST', '/v1/subscriptions/:id', (c) => updateSubscription(c.ctx, getSubscription(c.ctx, c.path.id), c.params));
  r.add('DELETE', '/v1/subscriptions/:id', (c) =>
    cancelSubscriptionNow(c.ctx, getSubscription(c.ctx, c.path.id), c.params),
  );
  r.add('GET', '/v1/invoices', (c) => {
    const invs = [...filtered(values(c.ctx, 'invoices'), c.params, ['customer', 'status'])];
    const sub = str(c.params, 'subscription');
    return paginate(
      sub ? invs.filter((i) => i.parent?.subscription_details?.subscription === sub) : invs,
      c.params,
      '/v1/invoices',
    );
  });
  r.add('GET', '/v1/invoices/:id', (c) => getInvoice(c.ctx, c.path.id));
  r.add('POST', '/v1/invoices/:id', (c) => updateInvoice(c.ctx, getInvoice(c.ctx, c.path.id), c.params));
  r.add('GET', '/v1/invoices/:id/lines', (c) => getInvoice(c.ctx, c.path.id).lines);
  r.add('GET', '/v1/invoice_payments', (c) => {
    const invoice = str(c.params, 'invoice');
    const payment = c.params.payment as Params | undefined;
    const piId = typeof payment === 'object' ? (payment.payment_intent as string | undefined) : undefined;
    const items = [...values(c.ctx, 'invoice_payments')].filter(
      (ip) => (!invoice || ip.invoice === invoice) && (!piId || ip.payment.payment_intent === piId),
    );
    return paginate(items, c.params, '/v1/invoice_payments');
  });
  r.add('GET', '/v1/invoice_payments/:id', (c) => get(c.ctx, 'invoice_payments', c.path.id, 'invoice_payment'));
  registerMoneyRoutes(r);
  // Events
  r.add('GET', '/v1/events', (c) => {
    const types = strings(c.params, 'types');
    const type = str(c.params, 'type');
    if (type && types.length) throw invalid('You may only specify one of these parameters: type, types.', 'types');
    const wanted = type ? [type] : types;
    const matchers = wanted.map((t) =>
      t.endsWith('*') ? (x: string) => x.startsWith(t.slice(0, -1)) : (x: string) => x === t,
    );
    const events = matchers.length
      ? [...values(c.ctx, 'events')].filter((e) => matchers.some((m) => m(e.type)))
      : values(c.ctx, 'events');
    return paginate(events, c.params, '/v1/events');
  });
  r.add('GET', '/v1/events/:id', (c) => get(c.ctx, 'events', c.path.id, 'event'));
  addBillingRoutes(r);
  return r;
}

export { StripeApiError };
