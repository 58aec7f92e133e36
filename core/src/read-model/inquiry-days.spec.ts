import type Stripe from 'stripe';
import { disputeColumns } from './to-charge-row.js';

/** An inquiry withdraws nothing; escalated to a real dispute, it withdraws on the day it escalated. */
const created = Date.parse('2026-10-01T15:00:00Z') / 1000;
const escalated = Date.parse('2026-10-09T15:00:00Z') / 1000;
const dispute = (status: string, lines: Array<{ created: number; reporting_category: string }> = []) =>
  ({
    id: 'dp_1',
    status,
    created,
    balance_transactions: lines.map((l) => ({ object: 'balance_transaction', ...l })),
  }) as unknown as Stripe.Dispute;
const day = (s: number) => new Date(s * 1000);

describe('the day a dispute withdraws the funds (disputed_at)', () => {
  it('is the creation of a dispute opened as such', () => {
    expect(disputeColumns(dispute('needs_response'), created, null).disputed_at).toEqual(day(created));
  });

  it("is the escalation's withdrawal line for an inquiry that became a dispute", () => {
    const before = disputeColumns(dispute('warning_under_review'), created, null);
    const after = disputeColumns(
      dispute('needs_response', [{ created: escalated, reporting_category: 'dispute' }]),
      escalated + 5,
      before,
    );
    expect(after.disputed_at).toEqual(day(escalated));
  });

  it('is, without the line, the time of the event that first showed the escalation, kept by later events', () => {
    const before = disputeColumns(dispute('warning_needs_response'), created, null);
    const after = disputeColumns(dispute('needs_response'), escalated, before);
    expect(after.disputed_at).toEqual(day(escalated));
    expect(disputeColumns(dispute('under_review'), escalated + 86400, after).disputed_at).toEqual(day(escalated));
  });
});
