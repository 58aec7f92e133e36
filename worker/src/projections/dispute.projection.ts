import type Stripe from 'stripe';
import { writeCharge } from './charge-writer.js';
import { disputeRank, compareVersions, untrustedFuture } from '../../../core/src/read-model/ordering-guard.js';
import type { Projection } from './projection.js';
import { idOf } from '../../../core/src/read-model/stripe-object.js';
import { chargeStubFromDispute, disputeColumns } from '../../../core/src/read-model/to-charge-row.js';

/**
 * charge.dispute.* -> the disputed charge's dispute columns. Dispute events carry the dispute, not the
 * charge, so they have their own watermark (dispute_event_created, dispute_rank: needs_response <
 * under_review < closed) and never touch the charge's own columns. An open or lost dispute takes the gift out
 * of the totals on the day it was opened; a won one gives it back on the day it was won (see chargeContribution).
 */
export const disputeProjection: Projection = async (ctx, dispute: Stripe.Dispute, at) => {
  const chargeId = idOf(dispute.charge);
  if (!chargeId) return;
  const rank = disputeRank(dispute.status);
  await writeCharge(ctx, chargeId, (before) => {
    if (before && compareVersions([at, rank], untrustedFuture([before.dispute_event_created, before.dispute_rank])) < 0)
      return null;
    const base = before ?? chargeStubFromDispute(dispute);
    return { ...base, ...disputeColumns(dispute, at, before), dispute_event_created: at, dispute_rank: rank };
  });
};
