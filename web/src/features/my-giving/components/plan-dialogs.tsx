import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatUsd } from '../../../../../core/src/gifts/money';
import type { MyGivingPlanDto } from '../../../lib/api-types';
import { schoolDate } from '../../../lib/school-dates';
import type { PlanAction } from '../api/plan-actions';
import { AmountDialog } from './amount-dialog';
import { frequencyWord } from './plan-words';

const PaymentMethodForm = lazy(() => import('./payment-method-form'));

export type DialogKind = 'amount' | 'pause' | 'resume' | 'cancel' | 'card';

interface PlanDialogProps {
  kind: DialogKind;
  plan: MyGivingPlanDto;
  /** The school's time zone: every date is the day it is there. */
  timeZone: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (action: PlanAction) => Promise<void>;
}

/** Each action's confirm step: what will happen, in plain words, before anything changes. */
export function PlanDialog({ kind, plan, timeZone, busy, onClose, onConfirm }: PlanDialogProps) {
  const freq = frequencyWord(plan.frequency);
  const next = plan.nextChargeDate ? schoolDate(plan.nextChargeDate, timeZone) : null;
  const [when, setWhen] = useState<'period_end' | 'now'>('period_end');
  const common = { open: true, onOpenChange: (o: boolean) => !o && onClose(), busy };
  const footer = (label: string, action: PlanAction | null, opts: { destructive?: boolean; keep?: string } = {}) => (
    <>
      <Button variant="outline" onClick={onClose} disabled={busy}>
        {opts.keep ?? 'Back'}
      </Button>
      <Button
        variant={opts.destructive ? 'destructive' : 'primary'}
        disabled={busy || !action}
        onClick={() => action && void onConfirm(action)}
      >
        {busy ? 'Working...' : label}
      </Button>
    </>
  );

  switch (kind) {
    case 'amount':
      return (
        <AmountDialog
          plan={plan}
          freq={freq}
          next={next}
          busy={busy}
          onClose={onClose}
          footer={(label, action) => footer(label, action)}
        />
      );
    case 'pause':
      return (
        <Dialog
          {...common}
          role="alertdialog"
          title={`Pause your ${freq} gift?`}
          description="Nothing will be charged while your gift is paused. You can resume it here at any time."
          footer={footer('Pause my gift', { kind: 'pause' }, { keep: 'Keep it going' })}
        />
      );
    case 'resume':
      return (
        <Dialog
          {...common}
          title={`Resume your ${freq} gift?`}
          description={`Your gift of ${formatUsd(plan.amount)} will continue${plan.status === 'canceling' ? ' and will not end' : ''}.${next ? ` The next charge is on ${next}.` : ''}`}
          footer={footer('Resume my gift', { kind: 'resume' })}
        />
      );
    case 'cancel':
      return (
        <Dialog
          {...common}
          role="alertdialog"
          title={`Cancel your ${freq} gift?`}
          description="Choose when your gift should end. Gifts already made stay on your records and statements."
          footer={footer('Cancel my gift', { kind: 'cancel', when }, { destructive: true, keep: 'Keep my gift' })}
        >
          <fieldset className="stack">
            <legend>When should it end?</legend>
            <label className="radio-row radio-row--choice">
              <input
                type="radio"
                name="cancel-when"
                value="period_end"
                checked={when === 'period_end'}
                onChange={() => setWhen('period_end')}
              />
              <span>{`After the current period${next ? `, on ${next}` : ''} (no further charge)`}</span>
            </label>
            <label className="radio-row radio-row--choice">
              <input
                type="radio"
                name="cancel-when"
                value="now"
                checked={when === 'now'}
                onChange={() => setWhen('now')}
              />
              <span>Now</span>
            </label>
          </fieldset>
        </Dialog>
      );
    case 'card':
      return (
        <Dialog
          {...common}
          title="Change how your gift is paid"
          description={
            plan.unpaidRenewal
              ? `Your last ${freq} gift of ${formatUsd(plan.amount)} could not be charged. It will be paid with the new card or bank account at once.`
              : `Your ${freq} gift will be paid with the new card or bank account from the next charge${next ? ` on ${next}` : ''}.`
          }
        >
          <Suspense fallback={<p role="status">Loading the payment form...</p>}>
            <PaymentMethodForm
              planId={plan.id}
              submitLabel={(method) =>
                plan.unpaidRenewal ? `Save ${method} and pay ${formatUsd(plan.amount)}` : `Save ${method}`
              }
              onCancel={onClose}
              onConfirmed={(setupIntentId) => onConfirm({ kind: 'card', setupIntentId })}
            />
          </Suspense>
        </Dialog>
      );
  }
}
