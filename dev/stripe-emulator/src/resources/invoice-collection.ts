import { dueSources, earliest, type DueTask } from '../core/clock.js';
import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import { bool, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { attemptInvoicePayment, finalizeInvoice, getInvoice, markPaidOutOfBand } from './invoices.js';
import { subscriptionOf } from './subscription-end.js';
import { confirmPaymentIntent } from './payment-intents.js';

function* retryTasks(ctx: Ctx): Generator<DueTask> {
  for (const inv of ctx.store.col('invoices').values()) {
    if (inv.status !== 'open' || !inv.next_payment_attempt) continue;
    yield {
      at: inv.next_payment_attempt,
      run: () => {
        inv.next_payment_attempt = null;
        const sub = subscriptionOf(ctx, inv);
        if (sub && sub.status !== 'canceled') attemptInvoicePayment(ctx, inv, sub);
      },
    };
  }
}

dueSources.push((ctx, now) => earliest(retryTasks(ctx), now));

/**
 * `POST /v1/invoices/:id/pay`: one attempt now, off session, with `payment_method` (which must be the
 * customer's) or the subscription's, else the customer's default; a decline answers 402 and leaves the
 * invoice open with its retry schedule unchanged; a bank debit leaves it open, without a scheduled retry, until the
 * bank answers. `paid_out_of_band` marks it paid without a charge.
 */
export function payInvoice(ctx: Ctx, inv: Obj, p: Params): Obj {
  if (inv.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_unexpected_state');
  if (inv.status === 'void')
    throw invalid(
      'This invoice can no longer be paid because it has been voided.',
      undefined,
      'invoice_unexpected_state',
    );
  const sub = subscriptionOf(ctx, inv);
  if (inv.status === 'draft') {
    if (!sub)
      throw invalid('This draft invoice cannot be finalized by the emulator.', undefined, 'invoice_unexpected_state');
    finalizeInvoice(ctx, inv, sub);
  }
  if (bool(p, 'paid_out_of_band')) return markPaidOutOfBand(ctx, inv);
  const offSession = bool(p, 'off_session') ?? true;
  const pmId = str(p, 'payment_method');
  if (pmId) {
    const pm = ctx.store.get('payment_methods', pmId);
    if (!pm || pm.customer !== inv.customer) {
      throw invalid(
        `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
        'payment_method',
        'resource_missing',
      );
    }
  }
  const customer = ctx.store.get('customers', inv.customer);
  const chosen = pmId ?? sub?.default_payment_method ?? customer?.invoice_settings?.default_payment_method;
  if (!chosen)
    throw invalid(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'resource_missing',
    );
  const pi = ctx.store.get('payment_intents', inv.__payment_intent)!;
  inv.__manual_attempt = true;
  try {
    confirmPaymentIntent(ctx, pi, { payment_method: chosen }, { offSession });
  } finally {
    delete inv.__manual_attempt;
  }
  // A bank debit under way: like Stripe, no retry is scheduled while it processes (its outcome decides).
  if (pi.status === 'processing' && inv.next_payment_attempt) {
    inv.next_payment_attempt = null;
    ctx.store.changed();
  }
  return getInvoice(ctx, inv.id);
}
