import type { Ctx } from '../core/context.js';
import { invalid, missing } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId, randomText } from '../core/ids.js';
import { mergeMetadata, refuseUnset, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { chargeTransaction, createBalanceTransaction } from './balance.js';
import type { Decline } from './cards.js';
import { processingFee } from './money-settings.js';

/** The fields every charge has, whatever paid it; `payment_method_details` and `outcome` are the caller's. */
export function baseCharge(ctx: Ctx, id: string, pi: Obj, pm: Obj): Obj {
  return {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: publicCopy(pm.billing_details),
    calculated_statement_descriptor: 'HILLSIDE LEARNING',
    captured: false,
    created: ctx.now(),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: null,
    outcome: null,
    paid: false,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: null,
    radar_options: {},
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: `${ctx.baseUrl}/receipts/payment/${id}`,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'pending',
    transfer_data: null,
    transfer_group: null,
  };
}

/** A card charge as a confirmed payment intent produces it: succeeded with a balance transaction, or failed. */
export function createCharge(ctx: Ctx, pi: Obj, pm: Obj, decline: Decline | undefined): Obj {
  const id = newId('ch');
  const ok = !decline;
  const charge: Obj = {
    ...baseCharge(ctx, id, pi, pm),
    amount_captured: ok ? pi.amount : 0,
    captured: ok,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: ok ? 'approved_by_network' : 'declined_by_network',
      reason: decline?.decline_code ?? null,
      risk_level: 'normal',
      risk_score: 20 + (pi.amount % 30),
      seller_message: ok ? 'Payment complete.' : decline!.seller_message,
      type: ok ? 'authorized' : 'issuer_declined',
    },
    paid: ok,
    payment_method_details: {
      card: {
        amount_authorized: ok ? pi.amount : null,
        authorization_code: ok ? randomText(6).toUpperCase() : null,
        brand: pm.card.brand,
        checks: { ...pm.card.checks },
        country: pm.card.country,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        extended_authorization: { status: 'disabled' },
        fingerprint: pm.card.fingerprint,
        funding: pm.card.funding,
        incremental_authorization: { status: 'unavailable' },
        installments: null,
        last4: pm.card.last4,
        mandate: null,
        multicapture: { status: 'unavailable' },
        network: pm.card.brand,
        network_token: { used: false },
        network_transaction_id: ok ? randomText(15) : null,
        overcapture: { maximum_amount_capturable: pi.amount, status: 'unavailable' },
        regulated_status: 'unregulated',
        three_d_secure: null,
        wallet: null,
      },
      type: 'card',
    },
    status: ok ? 'succeeded' : 'failed',
  };
  if (ok) charge.balance_transaction = chargeTransaction(ctx, charge, processingFee(ctx, 'card', pi.amount)).id;
  ctx.store.put('charges', charge);
  ctx.emit(ok ? 'charge.succeeded' : 'charge.failed', charge);
  return charge;
}

export function getCharge(ctx: Ctx, id: string, param = 'id'): Obj {
  const ch = ctx.store.get('charges', id);
  if (!ch) throw missing('charge', id, param);
  return ch;
}

/** `POST /v1/charges/:id`: metadata (a key set to '' is removed), description and receipt_email (neither can be unset). */
export function updateCharge(ctx: Ctx, ch: Obj, p: Params): Obj {
  refuseUnset(p, ['description', 'receipt_email']);
  const before = publicCopy(ch);
  ch.metadata = mergeMetadata(ch.metadata, p);
  for (const k of ['description', 'receipt_email'] as const) if (p[k] !== undefined) ch[k] = str(p, k) ?? null;
  ctx.store.changed();
  ctx.emitUpdated('charge.updated', ch, before);
  return ch;
}

export function createRefund(ctx: Ctx, p: Params): Obj {
  let ch: Obj | undefined;
  const chargeId = str(p, 'charge');
  const piId = str(p, 'payment_intent');
  if (chargeId) ch = getCharge(ctx, chargeId, 'charge');
  else if (piId) {
    const pi = ctx.store.get('payment_intents', piId);
    if (!pi) throw missing('payment_intent', piId, 'payment_intent');
    if (!pi.latest_charge || pi.status !== 'succeeded')
      throw invalid(
        `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
        'payment_intent',
        'charge_not_refundable',
      );
    ch = getCharge(ctx, pi.latest_charge, 'payment_intent');
  } else
    throw invalid(
      'One of the following params should be provided for this request: payment_intent or charge.',
      undefined,
      'parameter_missing',
    );
  if (ch.status !== 'succeeded')
    throw invalid(`Charge ${ch.id} cannot be refunded because it did not succeed.`, 'charge', 'charge_not_refundable');
  const remaining = ch.amount - ch.amount_refunded;
  if (remaining <= 0) throw invalid(`Charge ${ch.id} has already been refunded.`, 'charge', 'charge_already_refunded');
  const amountRaw = str(p, 'amount');
  const amount = amountRaw === undefined ? remaining : Number(amountRaw);
  if (!Number.isInteger(amount) || amount < 1) throw invalid('Invalid positive integer', 'amount');
  if (amount > remaining) {
    throw invalid(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      'amount',
      'amount_too_large',
    );
  }
  const id = newId('re');
  // Stripe keeps the original processing fee: the refund's transaction is the refunded amount alone.
  const txn = createBalanceTransaction(ctx, {
    amount: -amount,
    fee: 0,
    currency: ch.currency,
    source: id,
    type: 'refund',
    category: 'refund',
    description: 'REFUND FOR CHARGE',
  });
  const refund = ctx.store.put('refunds', {
    id,
    object: 'refund',
    amount,
    balance_transaction: txn.id,
    charge: ch.id,
    created: ctx.now(),
    currency: ch.currency,
    customer: ch.customer,
    customer_account: null,
    destination_details:
      ch.payment_method_details.type === 'us_bank_account'
        ? { type: 'us_bank_transfer', us_bank_transfer: { reference: null, reference_status: 'pending' } }
        : {
            card: {
              reference: null,
              reference_status: 'pending',
              reference_type: 'acquirer_reference_number',
              type: 'refund',
            },
            type: 'card',
          },
    metadata: mergeMetadata({}, p),
    payment_intent: ch.payment_intent,
    payment_method: ch.payment_method,
    reason: str(p, 'reason') ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
  const before = publicCopy(ch);
  ch.amount_refunded += amount;
  ch.refunded = ch.amount_refunded === ch.amount;
  ch.refunds.data.unshift(publicCopy(refund));
  ctx.emitUpdated('charge.refunded', ch, before);
  ctx.emit('refund.created', refund);
  return refund;
}
