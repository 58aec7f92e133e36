import type { PayoutsPageDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';

/**
 * Where the money went, as one sum that holds: gross - refunds - disputes - fees = deposited + in transit +
 * waiting in Stripe (core/src/read-model/money-lines.ts: whereTheMoneyIs). A Stripe balance below zero is named as
 * money owed to Stripe, never shown as a negative "waiting".
 */
export function MoneyIdentity({ t }: { t: PayoutsPageDto['totals'] }) {
  return (
    <p className="adm-muted" data-testid="money-identity">
      {`${formatUsd(t.grossCents)} gross − ${formatUsd(t.refundCents)} refunds − ${formatUsd(t.disputeCents)} disputes − ${formatUsd(t.feeCents)} fees`}
      {t.owedCents > 0
        ? ` + ${formatUsd(t.owedCents)} owed to Stripe (refunds and disputes after the money went to the bank; Stripe takes it from the next payout)`
        : ''}
      {` = ${formatUsd(t.depositedCents)} deposited + ${formatUsd(t.inTransitCents)} in transit + ${formatUsd(t.pendingCents)} waiting in Stripe.`}
    </p>
  );
}
