import type { PayoutsPageDto } from '../../../lib/api-types';
import { formatCents } from '../../../lib/currency';

/**
 * Where the money went, as one sum that holds: gross - refunds - disputes - fees = deposited + in transit +
 * waiting in Stripe (core/src/read-model/money-lines.ts: whereTheMoneyIs). A Stripe balance below zero is named as
 * money owed to Stripe, never shown as a negative "waiting".
 */
export function MoneyIdentity({ t }: { t: PayoutsPageDto['totals'] }) {
  return (
    <p className="adm-muted" data-testid="money-identity">
      {`${formatCents(t.grossCents)} gross − ${formatCents(t.refundCents)} refunds − ${formatCents(t.disputeCents)} disputes − ${formatCents(t.feeCents)} fees`}
      {t.owedCents > 0 ? ` + ${formatCents(t.owedCents)} owed to Stripe (refunds and disputes after the money went to the bank; Stripe takes it from the next payout)` : ''}
      {` = ${formatCents(t.depositedCents)} deposited + ${formatCents(t.inTransitCents)} in transit + ${formatCents(t.pendingCents)} waiting in Stripe.`}
    </p>
  );
}
