import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId } from '../core/ids.js';
import { obj, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { chargeTransaction } from './balance.js';
import { baseCharge } from './charges.js';
import { moneySettings, processingFee } from './money-settings.js';
import { paymentOutcomeHooks } from './payment-outcomes.js';
import { attachPaymentMethod } from './payment-methods.js';

/** Stripe's ACH test accounts (routing 110000000): these account numbers fail after processing; any other succeeds. */
export const BANK_FAILURES: Record<string, { code: string; message: string }> = {
  '000111111116': { code: 'no_account', message: 'The bank account could not be located.' },
  '000111111113': { code: 'account_closed', message: "The customer's bank account has been closed." },
  '000222222227': {
    code: 'insufficient_funds',
    message: "The customer's account has insufficient funds to cover this payment.",
  },
  '000333333335': {
    code: 'debit_not_authorized',
    message: 'The customer has notified their bank that this payment was unauthorized.',
  },
};

/**
 * The mandate a bank debit needs: from `mandate_data[customer_acceptance]` on an on-session confirm (Stripe.js
 * sends `online[infer_from_client]`), or the payment method's saved multi-use mandate off session.
 */
export function mandateFor(
  ctx: Ctx,
  pm: Obj,
  p: Params,
  use: { multiUse: boolean; amount?: number; currency?: string; offSession?: boolean },
): Obj {
  const acceptance = obj(obj(p, 'mandate_data') ?? {}, 'customer_acceptance');
  const saved = pm.__mandate ? ctx.store.get('mandates', pm.__mandate) : undefined;
  if (!acceptance && saved) return saved;
  if (!acceptance && !use.offSession) {
    throw invalid(
      'A mandate is required to debit a US bank account: pass mandate_data[customer_acceptance] when confirming on session.',
      'mandate_data',
      'parameter_missing',
    );
  }
  const online = obj(acceptance ?? {}, 'online') ?? {};
  const mandate = ctx.store.put('mandates', {
    id: newId('mandate'),
    object: 'mandate',
    customer_acceptance: acceptance
      ? {
          accepted_at: ctx.now(),
          online: {
            ip_address: str(online, 'ip_address') ?? '127.0.0.1',
            user_agent: str(online, 'user_agent') ?? 'Mozilla/5.0 (Stripe emulator)',
          },
          type: 'online',
        }
      : { accepted_at: ctx.now(), offline: {}, type: 'offline' },
    livemode: false,
    ...(use.multiUse ? { multi_use: {} } : { single_use: { amount: use.amount, currency: use.currency } }),
    payment_method: pm.id,
    payment_method_details: { type: 'us_bank_account', us_bank_account: { collection_method: 'paper' } },
    status: 'active',
    type: use.multiUse ? 'multi_use' : 'single_use',
  });
  if (use.multiUse) pm.__mandate = mandate.id;
  return mandate;
}

const isoDate = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/**
 * Confirming with a US bank account: the charge (`py_`) is `pending` and the intent `processing` (events
 * `charge.pending`, `payment_intent.processing`) until the emulator clock reaches the settlement day, when
 * `settleBankPayments` succeeds or fails it. The invoice behind the intent stays open meanwhile.
 */
export function startBankPayment(ctx: Ctx, pi: Obj, pm: Obj, p: Params, opts: { offSession?: boolean }): Obj {
  const multiUse = !!pi.setup_future_usage || !!opts.offSession;
  const mandate = mandateFor(ctx, pm, p, {
    multiUse,
    amount: pi.amount,
    currency: pi.currency,
    offSession: opts.offSession,
  });
  const settleAt = ctx.now() + moneySettings(ctx).bankSettlementDays * 86400;
  const id = newId('py');
  const b = pm.us_bank_account;
  const charge: Obj = {
    ...baseCharge(ctx, id, pi, pm),
    amount_captured: pi.amount,
    captured: true,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'not_assessed',
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    payment_method_details: {
      type: 'us_bank_account',
      us_bank_account: {
        account_holder_type: b.account_holder_type,
        account_type: b.account_type,
        bank_name: b.bank_name,
        expected_debit_date: isoDate(ctx.now()),
        fingerprint: b.fingerprint,
        last4: b.last4,
        mandate: mandate.id,
        payment_reference: null,
        routing_number: b.routing_number,
      },
    },
    __settle_at: settleAt,
  };
  ctx.store.put('charges', charge);
  Object.assign(pi, { status: 'processing', payment_method: pm.id, latest_charge: id, last_payment_error: null });
  if (pi.setup_future_usage && pi.customer && !pm.customer) attachPaymentMethod(ctx, pm, pi.customer);
  ctx.emit('charge.pending', charge);
  ctx.emit('payment_intent.processing', pi);
  return pi;
}

/** Settles every bank payment whose day has come, oldest first, each stamped with its own settlement time. */
export function settleBankPayments(ctx: Ctx): boolean {
  const now = ctx.now();
  const due = [...ctx.store.col('charges').values()]
    .filter((c) => c.status === 'pending' && c.__settle_at <= now)
    .sort((a, b) => a.__settle_at - b.__settle_at);
  for (const charge of due) {
    ctx.request = { id: null, idempotency_key: null };
    ctx.store.withPinnedNow(charge.__settle_at, () => settle(ctx, charge));
  }
  return due.length > 0;
}

function settle(ctx: Ctx, charge: Obj): void {
  const pi = ctx.store.get('payment_intents', charge.payment_intent)!;
  const pm = ctx.store.get('payment_methods', charge.payment_method)!;
  const failure = BANK_FAILURES[pm.__account_number];
  delete charge.__settle_at;
  pi.__settled_at = ctx.now();
  if (!failure) {
    Object.assign(charge, { status: 'succeeded', paid: true });
    charge.balance_transaction = chargeTransaction(
      ctx,
      charge,
      processingFee(ctx, 'us_bank_account', charge.amount),
    ).id;
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
    ctx.store.changed();
    ctx.emit('charge.succeeded', charge);
    ctx.emit('payment_intent.succeeded', pi);
  } else {
    Object.assign(charge, {
      status: 'failed',
      paid: false,
      failure_code: failure.code,
      failure_message: failure.message,
    });
    Object.assign(charge.outcome, {
      network_status: 'declined_by_network',
      seller_message: failure.message,
      type: 'issuer_declined',
    });
    Object.assign(pi, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        charge: charge.id,
        code: failure.code,
        doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, '-')}`,
        message: failure.message,
        payment_method: publicCopy(pm),
        payment_method_type: 'us_bank_account',
        type: 'invalid_request_error',
      },
    });
    ctx.store.changed();
    ctx.emit('charge.failed', charge);
    ctx.emit('payment_intent.payment_failed', pi);
  }
  for (const hook of paymentOutcomeHooks) hook(ctx, pi, charge, pm);
}

/**
 * An incomplete subscription's first invoice paid by bank cannot expire before its payment has settled:
 * Infinity while processing, else the settlement time (0 when it never went through a bank).
 */
export function bankPaymentWait(ctx: Ctx, invoiceId: string | null): number {
  const inv = invoiceId ? ctx.store.get('invoices', invoiceId) : undefined;
  const pi = inv?.__payment_intent ? ctx.store.get('payment_intents', inv.__payment_intent) : undefined;
  return pi?.status === 'processing' ? Infinity : (pi?.__settled_at ?? 0);
}
