import type Stripe from 'stripe';
import { lockRow } from '../../../core/src/db/row-lock.js';
import { LOOKUP_OPTIONS } from '../../../core/src/read-model/later-state.js';
import { moneyMovement } from '../../../core/src/read-model/money-movement.repository.js';
import { compareVersions, untrustedFuture } from '../../../core/src/read-model/ordering-guard.js';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import { payoutRank, toBalanceTransactionRow, toPayoutRow } from '../../../core/src/read-model/to-money-rows.js';
import type { Projection, ProjectionContext } from './projection.js';

/**
 * payout.* -> the payouts row, under the ordering guard (event time, then pending < in_transit < paid|failed).
 * Once Stripe says the payout's reconciliation completed, the balance transactions it carried are read once
 * (`GET /v1/balance_transactions?payout=`, the only place Stripe names them) and linked to it; a failure to
 * read them fails the job, so BullMQ retries it and the lines are never half-known.
 */
export const payoutProjection: Projection = async (ctx, po: Stripe.Payout, at) => {
  await lockRow(ctx.db, 'payouts', po.id);
  const stored = await moneyMovement.payoutVersion(ctx.db, po.id);
  const rank = payoutRank(po.status);
  if (
    !stored ||
    compareVersions([at, rank], untrustedFuture([Number(stored.last_event_created), stored.state_rank])) >= 0
  ) {
    await moneyMovement.upsertPayout(ctx.db, toPayoutRow(po), at, rank);
  }
  const reconciled = po.reconciliation_status === 'completed' || stored?.reconciliation_status === 'completed';
  if (reconciled && !stored?.lines_synced_at) await syncPayoutLines(ctx, po.id);
};

/** Reads and links every balance transaction a reconciled payout carried. Also used by the backfill. */
export async function syncPayoutLines(
  ctx: Pick<ProjectionContext, 'db' | 'stripe' | 'timeZone'>,
  payoutId: string,
): Promise<void> {
  for await (const t of ctx.stripe.balanceTransactions.list(
    { payout: payoutId, limit: 100, expand: ['data.source'] },
    LOOKUP_OPTIONS,
  )) {
    await moneyMovement.upsertBalanceTransactions(ctx.db, [toBalanceTransactionRow(t, payoutId)], ctx.timeZone);
  }
  await moneyMovement.markLinesSynced(ctx.db, payoutId);
}

/**
 * The balance transaction of a charge or refund (gross, Stripe fee, net) as soon as it exists, so fees and the
 * pending balance are known before a payout carries it. Events name it by id only: one look-up, best effort
 * (the payout's reconciliation reads it again in any case). The worker's batches leave the look-up to a
 * follow-up job (readBalanceTransactions), so no Stripe call holds their transaction open.
 */
async function projectBalanceTransaction(
  ctx: ProjectionContext,
  txnRef: unknown,
  chargeId: string | null,
  created?: number,
): Promise<void> {
  const id = idOf(txnRef);
  if (!id) return;
  if (typeof txnRef !== 'object' && ctx.balanceTransactionsToRead) {
    ctx.balanceTransactionsToRead.push({ id, chargeId, ...(typeof created === 'number' ? { created } : {}) });
    return;
  }
  if (await moneyMovement.hasBalanceTransaction(ctx.db, id)) return;
  await readBalanceTransaction(ctx, txnRef, id, chargeId);
}

/** Reads (unless the event carried it) and stores one balance transaction; a failure is a warning. */
export async function readBalanceTransaction(
  ctx: Pick<ProjectionContext, 'db' | 'stripe' | 'warn' | 'timeZone'>,
  txnRef: unknown,
  id: string,
  chargeId: string | null,
): Promise<void> {
  try {
    const txn =
      typeof txnRef === 'object'
        ? (txnRef as Stripe.BalanceTransaction)
        : await ctx.stripe.balanceTransactions.retrieve(id, {}, LOOKUP_OPTIONS);
    await moneyMovement.upsertBalanceTransactions(ctx.db, [toBalanceTransactionRow(txn, null, chargeId)], ctx.timeZone);
  } catch (err) {
    ctx.warn('could not read a balance transaction; its payout will bring it', {
      txn: id,
      err: (err as Error).message,
    });
  }
}

export const chargeBalanceTransaction: Projection = async (ctx, charge: Stripe.Charge) => {
  if (charge.status === 'succeeded')
    await projectBalanceTransaction(ctx, charge.balance_transaction, charge.id, charge.created);
};

export const refundBalanceTransaction: Projection = async (ctx, refund: Stripe.Refund) => {
  await projectBalanceTransaction(ctx, refund.balance_transaction, idOf(refund.charge), refund.created);
};

/** Dispute events carry their balance transactions (the withdrawal and the $15 fee, a reinstatement) in full. */
export const disputeBalanceTransactions: Projection = async (ctx, dispute: Stripe.Dispute) => {
  for (const t of dispute.balance_transactions ?? []) await projectBalanceTransaction(ctx, t, idOf(dispute.charge));
};

/** Several projections for one event type, in order, in the event's transaction. */
export const allOf =
  (...projections: Projection[]): Projection =>
  async (ctx, object, at) => {
    for (const p of projections) await p(ctx, object, at);
  };
