import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { formatDollars } from '../../../lib/currency';
import type { DonorPlanDto } from '../../../lib/api-types';
import { formatUnixDate } from '../../../lib/format';
import type { PlanAction } from '../api/plan-action';
import { frequencyLabel } from './plan-status';

export type DialogKind = 'cancel' | 'pause' | 'resume';

/** The confirm step of an action on a plan, in plain words; cancel asks whether now or at the period's end. */
export function PlanActionDialog({
  plan,
  kind,
  busy,
  onConfirm,
  onClose,
}: {
  plan: DonorPlanDto;
  kind: DialogKind;
  busy: boolean;
  onConfirm: (action: PlanAction) => void;
  onClose: () => void;
}) {
  const canWait = plan.status !== 'incomplete' && !plan.cancelAtPeriodEnd;
  const [when, setWhen] = useState<'cancel-period-end' | 'cancel-now'>(canWait ? 'cancel-period-end' : 'cancel-now');
  const name = useId();
  const gift = `the ${frequencyLabel(plan.frequency).toLowerCase()} gift of ${formatDollars(plan.amount)}`;
  const periodEnd = plan.nextChargeDate ? formatUnixDate(plan.nextChargeDate) : 'the end of the current period';
  const texts = {
    cancel: {
      title: 'Cancel Recurring Gift',
      description: `Cancel ${gift}? The donor is not charged for it again.`,
      confirm: 'Cancel Gift',
      busy: 'Canceling...',
    },
    pause: {
      title: 'Pause Recurring Gift',
      description: `Pause ${gift}? No charge is made while it is paused; renewals that fall due meanwhile are skipped, not owed later. It can be resumed at any time.`,
      confirm: 'Pause Gift',
      busy: 'Pausing...',
    },
    resume: {
      title: 'Resume Recurring Gift',
      description: `Resume ${gift}? Charges start again from the next renewal date.`,
      confirm: 'Resume Gift',
      busy: 'Resuming...',
    },
  }[kind];

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      busy={busy}
      role="alertdialog"
      size="sm"
      title={texts.title}
      description={texts.description}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Keep As Is
          </Button>
          <Button
            variant={kind === 'cancel' ? 'destructive' : 'primary'}
            disabled={busy}
            onClick={() => onConfirm(kind === 'cancel' ? when : kind)}
          >
            {busy ? texts.busy : texts.confirm}
          </Button>
        </>
      }
    >
      {kind === 'cancel' && (
        <fieldset className="adm-choice">
          <legend>When should it end?</legend>
          {canWait && (
            <label>
              <input
                type="radio"
                name={name}
                value="cancel-period-end"
                checked={when === 'cancel-period-end'}
                onChange={() => setWhen('cancel-period-end')}
              />{' '}
              At the end of the current period ({periodEnd}): it stays active until then, with no further charge.
            </label>
          )}
          <label>
            <input
              type="radio"
              name={name}
              value="cancel-now"
              checked={when === 'cancel-now'}
              onChange={() => setWhen('cancel-now')}
            />{' '}
            Now: the gift ends today.
          </label>
        </fieldset>
      )}
    </Dialog>
  );
}
