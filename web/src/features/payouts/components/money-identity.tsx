import type { PayoutsPageDto } from '../../../lib/api-types';
import { formatCents } from '../../../lib/currency';

/**
 * Where the money went, as one sum that holds: gross - refunds - disputes - fees = deposited + in transit +
 * waiting in Stripe (core/src/read-model/money-lines.ts: whereTheMoneyIs). Lines a payout carried that are not
 * read yet are named, never shown as a negative balance.
 */
export function MoneyIdentity({ t }: { t: PayoutsPageDto['totals'] }) {
  return (
    <p className="adm-ledger-total" data-testid="money-identity">
      {`${formatCents(t.grossCents)} gross − ${formatCents(t.refundCents)} refunds − ${formatCents(t.disputeCents)} disputes − ${formatCents(t.feeCents)} fees`}
      {t.unreadCents > 0 ? ` + ${formatCents(t.unreadCents)} in payouts whose lines Stripe has not named yet` : ''}
      {` = ${formatCents(t.depositedCents)} deposited + ${formatCents(t.inTransitCents)} in transit + ${formatCents(t.pendingCents)} waiting in Stripe.`}
    </p>
  );
}
