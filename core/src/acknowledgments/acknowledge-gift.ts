import type { Queryable } from '../db/queryable.js';
import { lockRow } from '../db/row-lock.js';
import { outbox } from '../mail-outbox/outbox.repository.js';
import { acknowledgments, type GiftKind, type GiftToAcknowledge } from './acknowledgments.repository.js';
import { formatReceiptNumber } from './receipt-number.js';

/**
 * What happens to a gift's acknowledgment, step by step. Each function runs inside the caller's transaction,
 * so the acknowledgment row, its receipt number and the e-mail it queues commit together or not at all.
 */

/** The outbox key of a gift's messages: `card:ch_...` or `manual:<uuid>`. */
export const giftKey = (giftKind: GiftKind, giftId: string) => `${giftKind}:${giftId}`;

/**
 * A new gift: its acknowledgment (receipt number) and, when the donor has an e-mail address, its e-mail. The
 * gift is read again under the donor's row lock (the one an erasure holds while it runs), so an address the
 * erasure has just removed is never written back, and an erasure that follows finds the rows written here.
 */
export async function acknowledgeNewGift(
  db: Queryable,
  candidate: GiftToAcknowledge,
  timeZone: string,
): Promise<{ created: boolean; queued: boolean }> {
  if (candidate.customerId) await lockRow(db, 'donors', candidate.customerId);
  const gift = await acknowledgments.current(db, candidate);
  if (!gift || gift.amountRefunded >= gift.amount) return { created: false, queued: false };
  const { created } = await acknowledgments.record(db, gift, 'automatic', timeZone);
  if (created) await queueTributeNotice(db, gift);
  if (!created || !gift.recipient) return { created, queued: false };
  const id = await outbox.enqueue(db, {
    kind: 'acknowledgment',
    subjectKey: giftKey(gift.giftKind, gift.giftId),
    recipient: gift.recipient,
    customerId: gift.customerId,
    giftKind: gift.giftKind,
    giftId: gift.giftId,
  });
  return { created, queued: id !== null };
}

/**
 * A tribute gift's notice to the person the donor named, queued with the gift's acknowledgment. At most one per
 * gift (keyed by the plan for a recurring gift, so its renewals tell them once, not every month) and one per
 * address per day: a stranger's address typed into many small gifts gets one message, not a stream of them.
 */
async function queueTributeNotice(db: Queryable, gift: GiftToAcknowledge): Promise<void> {
  if (gift.giftKind !== 'card') return;
  const t = await acknowledgments.tributeNotice(db, gift.giftId);
  if (!t || (await acknowledgments.tributeNoticedToday(db, t.email))) return;
  await outbox.enqueue(db, {
    kind: 'tribute',
    subjectKey: giftKey('card', t.subscription_id ?? gift.giftId),
    recipient: t.email,
    customerId: gift.customerId,
    giftKind: 'card',
    giftId: gift.giftId,
  });
}

/**
 * A refund of an acknowledged card gift: a corrected acknowledgment for a partial refund (keyed by the refunded
 * amount, so each new refund state is one message), a void notice once it is refunded in full. The donor is
 * told only if an acknowledgment was e-mailed, and at the address it went to.
 */
export async function applyCardRefund(db: Queryable, giftId: string): Promise<'void' | 'correction' | null> {
  const state = await acknowledgments.lockedCardRefund(db, giftId);
  if (!state || state.ack.voided_at || state.refunded === Number(state.ack.stated_refunded)) return null;
  const full = state.refunded >= state.amount;
  await acknowledgments.setRefundState(db, 'card', giftId, state.refunded, full);
  const to = await acknowledgments.acknowledgedTo(db, 'card', giftId);
  if (!to) return null;
  const about = { recipient: to, customerId: state.ack.customer_id, giftKind: 'card' as const, giftId };
  await outbox.enqueue(
    db,
    full
      ? { kind: 'void', subjectKey: giftKey('card', giftId), ...about }
      : { kind: 'correction', subjectKey: `${giftKey('card', giftId)}:refunded:${state.refunded}`, ...about },
  );
  return full ? 'void' : 'correction';
}

/** An acknowledged manual gift the admin deleted: its acknowledgment is void, and the donor is told. */
export async function voidDeletedManualGift(db: Queryable, giftId: string): Promise<boolean> {
  const ack = await acknowledgments.find(db, 'manual', giftId);
  if (!ack || ack.voided_at) return false;
  await acknowledgments.setRefundState(db, 'manual', giftId, Number(ack.stated_refunded), true);
  const to = await acknowledgments.acknowledgedTo(db, 'manual', giftId);
  if (to)
    await outbox.enqueue(db, {
      kind: 'void',
      subjectKey: giftKey('manual', giftId),
      recipient: to,
      customerId: ack.customer_id,
      giftKind: 'manual',
      giftId,
    });
  return true;
}

export type SendAcknowledgmentResult =
  | { ok: true; receiptNumber: string; recipient: string; messageId: string }
  | { ok: false; status: 400 | 404 | 409; message: string };

/**
 * The admin's Send (a gift never acknowledged, such as one from before acknowledgments were switched on) or
 * Resend (one already sent) of a donor's gift. It goes to the donor's address now. A message still waiting for
 * the same gift makes a second click a 409, not a second e-mail.
 */
export async function sendAcknowledgment(
  db: Queryable,
  req: { customerId: string; giftKind: GiftKind; giftId: string; adminId: string | null; timeZone: string },
): Promise<SendAcknowledgmentResult> {
  const gift = await acknowledgments.donorGift(db, req.customerId, req.giftKind, req.giftId);
  if (!gift) return { ok: false, status: 404, message: 'This donor has no such gift' };
  if (gift.amountRefunded >= gift.amount)
    return { ok: false, status: 400, message: 'This gift was refunded in full, so it has no acknowledgment to send' };
  if (!gift.recipient)
    return { ok: false, status: 400, message: 'This donor has no e-mail address. Add one to send the acknowledgment.' };
  const { row, created } = await acknowledgments.record(db, gift, 'admin', req.timeZone);
  if (created) await queueTributeNotice(db, gift);
  if (row.voided_at) return { ok: false, status: 400, message: 'This gift’s acknowledgment was voided' };
  const key = giftKey(gift.giftKind, gift.giftId);
  if (await outbox.pending(db, 'acknowledgment', key)) {
    return { ok: false, status: 409, message: 'An acknowledgment for this gift is already waiting to be sent' };
  }
  const id = await outbox.enqueueOrResend(db, {
    kind: 'acknowledgment',
    subjectKey: key,
    recipient: gift.recipient,
    customerId: req.customerId,
    giftKind: gift.giftKind,
    giftId: gift.giftId,
    requestedBy: req.adminId,
  });
  if (!id) return { ok: false, status: 409, message: 'An acknowledgment for this gift is already waiting to be sent' };
  return {
    ok: true,
    receiptNumber: formatReceiptNumber(row.receipt_year, row.receipt_seq),
    recipient: gift.recipient,
    messageId: id,
  };
}
