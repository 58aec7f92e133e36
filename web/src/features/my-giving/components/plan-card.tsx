import { useRef, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import type { MyGivingPlanDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { brandLabel } from '../../../lib/format';
import { usePlanAction, type PlanAction } from '../api/plan-actions';
import { PlanDialog, type DialogKind } from './plan-dialogs';
import { schoolDate } from '../../../lib/school-dates';
import { frequencyWord, STATUS_WORDS } from './plan-words';

/** The gift's card ("Visa ending in 4242") or bank account ("Bank •••• 6789", as in the school's records). */
function paidWith(plan: MyGivingPlanDto): string {
  if (plan.bankLast4) return `Bank •••• ${plan.bankLast4}`;
  return plan.cardLast4 ? `${brandLabel(plan.cardBrand)} ending in ${plan.cardLast4}` : 'Nothing on file';
}

/** One recurring gift: what it is, and what the donor may do with it (only its card, on a card link). */
export function PlanCard({ plan, cardOnly, timeZone }: { plan: MyGivingPlanDto; cardOnly: boolean; timeZone: string }) {
  const [open, setOpen] = useState<DialogKind | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const action = usePlanAction(plan.id);
  const status = STATUS_WORDS[plan.status] ?? { label: plan.status, variant: 'secondary' as const };
  const freq = frequencyWord(plan.frequency);
  const ended = plan.status === 'canceled';
  const headingId = `plan-${plan.id}`;

  const confirm = async (a: PlanAction) => {
    try {
      const { message } = await action.mutateAsync(a);
      setResult({ ok: true, text: message });
    } catch (err) {
      setResult({
        ok: false,
        text: errorMessage(err, 'Something went wrong, and nothing was changed. Please try again.'),
      });
    }
    setOpen(null);
    // The result is where the keyboard goes next, so it is read out and the donor carries on from there.
    setTimeout(() => resultRef.current?.focus(), 0);
  };

  const buttons: Array<[DialogKind, string]> = cardOnly
    ? [['card', 'Update card']]
    : [
        ['amount', 'Change amount'],
        ['card', 'Change payment method'],
        plan.status === 'paused' || plan.status === 'canceling' ? ['resume', 'Resume gift'] : ['pause', 'Pause gift'],
        ...(plan.status === 'canceling' ? [] : [['cancel', 'Cancel gift'] as [DialogKind, string]]),
      ];

  return (
    <Card as="section" aria-labelledby={headingId} className="plan-card">
      <div className="plan-card__head">
        <h3 id={headingId}>
          {formatUsd(plan.amount)} {freq}
        </h3>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <dl className="plan-card__facts">
        <div>
          <dt>{plan.status === 'canceling' ? 'Ends on' : 'Next charge'}</dt>
          <dd>
            {plan.nextChargeDate && plan.status !== 'paused'
              ? schoolDate(plan.nextChargeDate, timeZone)
              : ended
                ? 'None'
                : plan.status === 'paused'
                  ? 'Paused'
                  : 'Not scheduled'}
          </dd>
        </div>
        {plan.feeCoverage > 0 && (
          <div>
            <dt>Fees covered</dt>
            <dd>{formatUsd(plan.feeCoverage)} of each gift</dd>
          </div>
        )}
        <div>
          <dt>Paid with</dt>
          <dd>{paidWith(plan)}</dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{schoolDate(plan.started, timeZone)}</dd>
        </div>
      </dl>
      {plan.unpaidRenewal && !ended && (
        <Alert variant="warning">
          <AlertDescription>
            The last charge was declined. Update the card, or change to a bank account, to pay it now and keep your gift
            going.
          </AlertDescription>
        </Alert>
      )}
      <div ref={resultRef} tabIndex={-1} aria-live="polite" className="plan-card__result">
        {result && (
          <Alert variant={result.ok ? 'success' : 'destructive'}>
            <AlertDescription>{result.text}</AlertDescription>
          </Alert>
        )}
      </div>
      {!ended && (
        <div className="plan-card__actions">
          {buttons.map(([kind, label]) => (
            <Button
              key={kind}
              variant={kind === 'cancel' ? 'outline' : kind === 'card' && plan.unpaidRenewal ? 'primary' : 'secondary'}
              onClick={() => setOpen(kind)}
            >
              {label}
            </Button>
          ))}
        </div>
      )}
      {open && (
        <PlanDialog
          kind={open}
          plan={plan}
          timeZone={timeZone}
          busy={action.isPending}
          onClose={() => setOpen(null)}
          onConfirm={confirm}
        />
      )}
    </Card>
  );
}
