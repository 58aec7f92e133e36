import { paginate } from '../core/list.js';
import { str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { getInvoice } from '../resources/invoices.js';
import { payInvoice } from '../resources/invoice-collection.js';
import {
  cancelSetupIntent,
  confirmSetupIntent,
  createSetupIntent,
  getSetupIntent,
  listSetupIntents,
  updateSetupIntent,
} from '../resources/setup-intents.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
} from '../resources/webhook-endpoints.js';
import { checkClientSecret } from './client-secret.js';
import type { RouteCall, Router } from './router.js';

/** The SetupIntent's parameters without the client secret, after checking it (Stripe.js holds only the secret). */
function withoutClientSecret(c: RouteCall, si: Obj): Params {
  checkClientSecret(c, si);
  const { client_secret: _secret, ...rest } = c.params;
  return rest;
}

/** SetupIntents, webhook endpoints and paying an invoice now: the billing endpoints beyond the first subscription flow. */
export function addBillingRoutes(r: Router): void {
  r.add('POST', '/v1/setup_intents', (c) => createSetupIntent(c.ctx, c.params));
  r.add('GET', '/v1/setup_intents', (c) => paginate(listSetupIntents(c.ctx, c.params), c.params, '/v1/setup_intents'));
  r.add(
    'GET',
    '/v1/setup_intents/:id',
    (c) => {
      const si = getSetupIntent(c.ctx, c.path.id);
      withoutClientSecret(c, si);
      return si;
    },
    true,
  );
  r.add('POST', '/v1/setup_intents/:id', (c) => updateSetupIntent(c.ctx, getSetupIntent(c.ctx, c.path.id), c.params));
  r.add(
    'POST',
    '/v1/setup_intents/:id/confirm',
    (c) => {
      const si = getSetupIntent(c.ctx, c.path.id);
      return confirmSetupIntent(c.ctx, si, withoutClientSecret(c, si));
    },
    true,
  );
  r.add('POST', '/v1/setup_intents/:id/cancel', (c) =>
    cancelSetupIntent(c.ctx, getSetupIntent(c.ctx, c.path.id), c.params),
  );
  r.add('GET', '/v1/setup_attempts', (c) => {
    const si = getSetupIntent(c.ctx, str(c.params, 'setup_intent', true)!, 'setup_intent');
    const attempts = [...c.ctx.store.col('setup_attempts').values()].filter((a) => a.setup_intent === si.id);
    return paginate(attempts, c.params, '/v1/setup_attempts');
  });

  r.add('POST', '/v1/webhook_endpoints', (c) => createWebhookEndpoint(c.ctx, c.params));
  r.add('GET', '/v1/webhook_endpoints', (c) =>
    paginate(c.ctx.store.col('webhook_endpoints').values(), c.params, '/v1/webhook_endpoints'),
  );
  r.add('GET', '/v1/webhook_endpoints/:id', (c) => getWebhookEndpoint(c.ctx, c.path.id));
  r.add('POST', '/v1/webhook_endpoints/:id', (c) =>
    updateWebhookEndpoint(c.ctx, getWebhookEndpoint(c.ctx, c.path.id), c.params),
  );
  r.add('DELETE', '/v1/webhook_endpoints/:id', (c) =>
    deleteWebhookEndpoint(c.ctx, getWebhookEndpoint(c.ctx, c.path.id)),
  );

  r.add('POST', '/v1/invoices/:id/pay', (c) => payInvoice(c.ctx, getInvoice(c.ctx, c.path.id), c.params));
}
