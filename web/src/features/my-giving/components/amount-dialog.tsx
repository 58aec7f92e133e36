import { useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { feeFor } from '../../../../../core/src/gifts/fee-coverage';
import type { MyGivingPlanDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { useDonationOptions } from '../../../lib/donation-options';
import { giftTotal } from '../../../lib/gift-total';
import type { PlanAction } from '../api/plan-actions';

interface AmountDialogProps {
  plan: MyGivingPlanDto;
  freq: string;
  next: string | null;
  busy: boolean;
  onClose: () => void;
  footer: (label: string, action: PlanAction | null) => ReactNode;
}

/**
 * A new amount for a recurring gift, and the donate form's question about the fees: the fee of the gift's card
 * or bank account is shown, by the same rule the server then charges by. Ticked already when the gift covers
 * the fees today, so a new amount never drops them without the donor's say.
 */
export function AmountDialog({ plan, freq, next, busy, onClose, footer }: AmountDialogProps) {
  const [amount, setAmount] = useState('');
  const [coverFees, setCoverFees] = useState(plan.feeCoverage > 0);
  const { data: options } = useDonationOptions();
  const method = plan.bankLast4 ? 'us_bank_account' : 'card';
  const total = giftTotal({ amount, coverFees }, options && feeFor(method, options));
  const withFee = giftTotal({ amount, coverFees: true }, options && feeFor(method, options));
  const today =
    plan.feeCoverage > 0
      ? `${formatUsd(plan.amount)} ${freq}, including ${formatUsd(plan.feeCoverage)} for the fees`
      : `${formatUsd(plan.amount)} ${freq}`;
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      busy={busy}
      title={`Change your ${freq} gift`}
      description={`Your gift is ${today}. The new amount applies from the next charge${next ? ` on ${next}` : ''}; nothing is charged today.`}
      footer={footer(
        total ? `Change to ${formatUsd(total.totalCents)}` : 'Change amount',
        total ? { kind: 'amount', amount: total.giftCents, coverFees } : null,
      )}
    >
      <div className="stack">
        <TextField
          label="New amount in dollars"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          hint="From $1.00 to $100,000.00"
          error={amount && !total ? 'Enter an amount from $1.00 to $100,000.00' : null}
        />
        {withFee && withFee.feeCents > 0 && (
          <label className="check-row">
            <input
              type="checkbox"
              name="coverFees"
              checked={coverFees}
              onChange={(e) => setCoverFees(e.target.checked)}
            />
            <span>
              Add {formatUsd(withFee.feeCents)} so all of my {formatUsd(withFee.giftCents)} goes to the school
              <span className="check-row__hint">
                It covers the {method === 'card' ? 'card' : 'bank'} processing fee, so each {freq} charge would be{' '}
                {formatUsd(withFee.totalCents)}. The whole amount is tax-deductible.
              </span>
            </span>
          </label>
        )}
      </div>
    </Dialog>
  );
}
