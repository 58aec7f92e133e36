import { invalid } from '../core/errors.js';
import { str } from '../core/params.js';
import type { Obj } from '../core/store.js';
import type { RouteCall } from './router.js';

const NOUN: Record<string, string> = { payment_intent: 'PaymentIntent', setup_intent: 'SetupIntent' };

/** With a publishable key Stripe.js may only touch an intent whose client secret it holds. */
export function checkClientSecret(c: RouteCall, intent: Obj): void {
  const secret = str(c.params, 'client_secret');
  if (c.auth === 'publishable' || secret !== undefined) {
    if (secret !== intent.client_secret) {
      throw invalid(
        c.auth === 'publishable'
          ? `No such ${intent.object}: '${intent.id}'`
          : `The client_secret provided does not match the client_secret associated with the ${NOUN[intent.object]}.`,
        'client_secret',
        `${intent.object}_invalid_parameter`,
      );
    }
  }
}
