import { chargeProjection, refundOnCharge } from './charge.projection.js';
import { customerDeleted, customerUpserted } from './customer.projection.js';
import { disputeProjection } from './dispute.projection.js';
import { invoiceProjection } from './invoice.projection.js';
import { paymentIntentProjection } from './payment-intent.projection.js';
import { paymentMethodDetached, paymentMethodUpserted } from './payment-method.projection.js';
import {
  allOf,
  chargeBalanceTransaction,
  disputeBalanceTransactions,
  payoutProjection,
  refundBalanceTransaction,
} from './money.projection.js';
import type { Projection } from './projection.js';
import { subscriptionProjection } from './subscription.projection.js';

/**
 * Event type -> projection: the whole table in one place. Any type not listed is recorded as processed and
 * ignored. refund.created brings the refund's balance transaction and its day (charges.refunds); the gift's amount_refunded comes with
 * charge.refunded. Money movement (fees, payouts) rides on the charge, refund, dispute and payout events.
 */
const chargeWithMoney = allOf(chargeProjection, chargeBalanceTransaction);
const disputeWithMoney = allOf(disputeProjection, disputeBalanceTransactions);

export const PROJECTIONS: Readonly<Record<string, Projection>> = {
  'customer.created': customerUpserted,
  'customer.updated': customerUpserted,
  'customer.deleted': customerDeleted,
  'payment_method.attached': paymentMethodUpserted,
  'payment_method.updated': paymentMethodUpserted,
  'payment_method.automatically_updated': paymentMethodUpserted,
  'payment_method.detached': paymentMethodDetached,
  'payment_intent.created': paymentIntentProjection,
  'payment_intent.processing': paymentIntentProjection,
  'payment_intent.requires_action': paymentIntentProjection,
  'payment_intent.succeeded': paymentIntentProjection,
  'payment_intent.payment_failed': paymentIntentProjection,
  'payment_intent.canceled': paymentIntentProjection,
  'charge.pending': chargeProjection,
  'charge.succeeded': chargeWithMoney,
  'charge.failed': chargeProjection,
  'charge.captured': chargeProjection,
  'charge.updated': chargeWithMoney,
  'charge.refunded': chargeProjection,
  'charge.dispute.created': disputeProjection,
  'charge.dispute.updated': disputeProjection,
  'charge.dispute.closed': disputeProjection,
  'charge.dispute.funds_withdrawn': disputeWithMoney,
  'charge.dispute.funds_reinstated': disputeWithMoney,
  'refund.created': allOf(refundBalanceTransaction, refundOnCharge),
  'refund.updated': allOf(refundBalanceTransaction, refundOnCharge),
  'payout.created': payoutProjection,
  'payout.updated': payoutProjection,
  'payout.reconciliation_completed': payoutProjection,
  'payout.paid': payoutProjection,
  'payout.failed': payoutProjection,
  'payout.canceled': payoutProjection,
  'invoice.created': invoiceProjection,
  'invoice.finalized': invoiceProjection,
  'invoice.updated': invoiceProjection,
  'invoice.paid': invoiceProjection,
  'invoice.payment_succeeded': invoiceProjection,
  'invoice.payment_failed': invoiceProjection,
  'invoice.voided': invoiceProjection,
  'invoice.marked_uncollectible': invoiceProjection,
  'customer.subscription.created': subscriptionProjection,
  'customer.subscription.updated': subscriptionProjection,
  'customer.subscription.deleted': subscriptionProjection,
  'customer.subscription.paused': subscriptionProjection,
  'customer.subscription.resumed': subscriptionProjection,
};

export function projectionFor(type: string): Projection | null {
  return Object.prototype.hasOwnProperty.call(PROJECTIONS, type) ? PROJECTIONS[type] : null;
}
