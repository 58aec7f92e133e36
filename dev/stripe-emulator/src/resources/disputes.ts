import type { Ctx } from '../core/context.js';
import { invalid } from '../core/errors.js';
import { publicCopy } from '../core/expand.js';
import { newId } from '../core/ids.js';
import { mergeMetadata, str, type Params } from '../core/params.js';
import type { Obj } from '../core/store.js';
import { createBalanceTransaction } from './balance.js';
import { moneySettings } from './money-settings.js';

/**
 * Disputes as Stripe makes them. A chargeback (status needs_response) withdraws the amount and the dispute fee at
 * once (charge.dispute.funds_withdrawn). An inquiry (`inquiry: true`; status warning_needs_response, case_type
 * inquiry, no balance transaction: Stripe's own fixture of a dispute is one) moves no money; the issuer may
 * escalate it to a chargeback, which withdraws then, or close it (warning_closed).
 */
export function createDispute(ctx: Ctx, ch: Obj, body: Obj): Obj {
  if (ch.status !== 'succeeded') throw invalid(`Charge ${ch.id} did not succeed and cannot be disputed.`, 'charge');
  if (ch.disputed) throw invalid(`Charge ${ch.id} is already disputed.`, 'charge');
  const inquiry = body.inquiry === true || body.inquiry === 'true';
  const id = newId('dp');
  const amount = Number(body.amount ?? ch.amount - ch.amount_refunded);
  const evidence = Object.fromEntries(EVIDENCE_FIELDS.map((f) => [f, null]));
  const caseType = inquiry ? 'inquiry' : 'chargeback';
  const dispute = ctx.store.put('disputes', {
    id,
    object: 'dispute',
    amount,
    balance_transactions: [],
    charge: ch.id,
    created: ctx.now(),
    currency: ch.currency,
    enhanced_eligibility_types: [],
    evidence: { ...evidence, enhanced_evidence: {} },
    evidence_details: {
      due_by: ctx.now() + 7 * 86400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    intended_submission_method: null,
    is_charge_refundable: inquiry,
    livemode: false,
    metadata: {},
    network_reason_code: '10.4',
    payment_intent: ch.payment_intent,
    payment_method_details: ch.payment_method_details.card
      ? {
          card: { brand: ch.payment_method_details.card.brand, case_type: caseType, network_reason_code: '10.4' },
          type: 'card',
        }
      : { type: ch.payment_method_details.type, [ch.payment_method_details.type]: {} },
    reason: String(body.reason ?? (inquiry ? 'general' : 'fraudulent')),
    status: inquiry ? 'warning_needs_response' : 'needs_response',
  });
  if (!inquiry) withdraw(ctx, dispute);
  const before = publicCopy(ch);
  ch.disputed = true;
  ctx.emit('charge.dispute.created', dispute);
  if (!inquiry) ctx.emit('charge.dispute.funds_withdrawn', dispute);
  ctx.emitUpdated('charge.updated', ch, before);
  return dispute;
}

/** The issuer turns an open inquiry into a chargeback: the same dispute, status needs_response, money withdrawn now. */
export function escalateInquiry(ctx: Ctx, dispute: Obj): Obj {
  if (!['warning_needs_response', 'warning_under_review'].includes(dispute.status))
    throw invalid(`Dispute ${dispute.id} is not an open inquiry.`, 'status');
  const before = publicCopy(dispute);
  withdraw(ctx, dispute);
  dispute.status = 'needs_response';
  dispute.is_charge_refundable = false;
  dispute.evidence_details = { ...dispute.evidence_details, due_by: ctx.now() + 7 * 86400 };
  if (dispute.payment_method_details.card) dispute.payment_method_details.card.case_type = 'chargeback';
  ctx.store.changed();
  ctx.emitUpdated('charge.dispute.updated', dispute, before);
  ctx.emit('charge.dispute.funds_withdrawn', dispute);
  return dispute;
}

/** POST /v1/disputes/:id: metadata, and `submit=true` sends the evidence (status *under_review). */
export function updateDispute(ctx: Ctx, dispute: Obj, p: Params): Obj {
  const before = publicCopy(dispute);
  dispute.metadata = mergeMetadata(dispute.metadata, p);
  if (str(p, 'submit') === 'true') {
    if (!/needs_response$/.test(dispute.status))
      throw invalid(`Dispute ${dispute.id} is not awaiting a response.`, 'submit');
    dispute.status = dispute.status.startsWith('warning_') ? 'warning_under_review' : 'under_review';
    dispute.evidence_details = {
      ...dispute.evidence_details,
      has_evidence: true,
      submission_count: dispute.evidence_details.submission_count + 1,
    };
  }
  ctx.store.changed();
  ctx.emitUpdated('charge.dispute.updated', dispute, before);
  return dispute;
}

/** Closes a chargeback as won or lost, an inquiry as warning_closed (an inquiry moved no money, so none moves back). */
export function closeDispute(ctx: Ctx, dispute: Obj, status: string): Obj {
  const inquiry = String(dispute.status).startsWith('warning_');
  if (inquiry ? status !== 'warning_closed' : status !== 'won' && status !== 'lost') {
    throw invalid(
      inquiry ? "an inquiry closes with status 'warning_closed'" : "status must be 'won' or 'lost'",
      'status',
    );
  }
  if (['won', 'lost', 'warning_closed'].includes(dispute.status))
    throw invalid(`Dispute ${dispute.id} is already closed.`, 'status');
  dispute.status = status;
  if (status === 'won') {
    // A won dispute gives the amount back; the dispute fee stays with Stripe.
    const txn = createBalanceTransaction(ctx, {
      amount: dispute.amount,
      fee: 0,
      currency: dispute.currency,
      source: dispute.id,
      type: 'adjustment',
      category: 'dispute_reversal',
      description: `Chargeback reversal for ${dispute.charge}`,
    });
    dispute.balance_transactions.push(publicCopy(txn));
  }
  ctx.store.changed();
  ctx.emit('charge.dispute.closed', dispute);
  if (status === 'won') ctx.emit('charge.dispute.funds_reinstated', dispute);
  return dispute;
}

/** The chargeback's withdrawal line: the amount and the dispute fee leave the balance now. */
function withdraw(ctx: Ctx, dispute: Obj): void {
  const txn = createBalanceTransaction(ctx, {
    amount: -dispute.amount,
    fee: moneySettings(ctx).fees.disputeFee,
    feeDescription: 'Dispute fee',
    currency: dispute.currency,
    source: dispute.id,
    type: 'adjustment',
    category: 'dispute',
    description: `Chargeback withdrawal for ${dispute.charge}`,
  });
  dispute.balance_transactions.push(publicCopy(txn));
}

const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
];
