import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDollars } from '../../../lib/currency';
import type { DonorPlanDto, DonorPlansDto } from '../../../lib/api-types';
import { formatUnixDate } from '../../../lib/format';
import { useDonorPlans } from '../api/get-donor-plans';
import { usePlanAction, type PlanAction } from '../api/plan-action';
import { PlanActionDialog, type DialogKind } from './plan-action-dialog';
import { PlanStatusBadge, frequencyLabel } from './plan-status';

/** What the read model shows once Stripe's webhook for an action has arrived. */
const SETTLED: Record<PlanAction, (p: DonorPlanDto) => boolean> = {
  'cancel-now': (p) => p.status === 'canceled',
  'cancel-period-end': (p) => p.cancelAtPeriodEnd,
  pause: (p) => p.status === 'paused',
  resume: (p) => p.status !== 'paused',
};

const DONE: Record<PlanAction, string> = {
  'cancel-now': 'The gift is canceled; the donor will not be charged again.',
  'cancel-period-end': 'The gift ends at the end of its current period, with no further charge.',
  pause: 'The gift is paused; no charge is made until it is resumed.',
  resume: 'The gift is running again from its next renewal date.',
};

function FailedRenewals({ plan }: { plan: DonorPlanDto }) {
  if (!plan.failedInvoices.length) return null;
  return (
    <ul className="adm-plan__failed">
      {plan.failedInvoices.map((i) => (
        <li key={i.id}>
          Renewal of {formatDollars(i.amountDue)} on {formatUnixDate(i.created)} failed ({i.attemptCount}{' '}
          {i.attemptCount === 1 ? 'try' : 'tries'}).{' '}
          {i.nextPaymentAttempt
            ? `Stripe tries again on ${formatUnixDate(i.nextPaymentAttempt)}.`
            : 'Stripe has stopped retrying.'}
        </li>
      ))}
    </ul>
  );
}

/** A donor's recurring gifts on their profile, with cancel, pause and resume (each confirmed, each audited). */
export function DonorPlansCard({ customerId }: { customerId: string }) {
  const [awaiting, setAwaiting] = useState<{ id: string; action: PlanAction } | null>(null);
  const plans = useDonorPlans(
    customerId,
    awaiting
      ? (d: DonorPlansDto) => d.plans.some((p) => p.id === awaiting.id && SETTLED[awaiting.action](p))
      : undefined,
  );
  const act = usePlanAction(customerId);
  const [open, setOpen] = useState<{ plan: DonorPlanDto; kind: DialogKind } | null>(null);

  const confirm = (action: PlanAction) =>
    open &&
    act.mutate(
      { id: open.plan.id, action },
      {
        onSuccess: () => {
          toast({ title: 'Recurring Gift Updated', description: DONE[action] });
          setAwaiting({ id: open.plan.id, action });
          setOpen(null);
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: errorMessage(err, 'The gift could not be changed'),
            variant: 'destructive',
          }),
      },
    );

  const pending = (p: DonorPlanDto) => awaiting?.id === p.id && !SETTLED[awaiting.action](p);

  return (
    <Card as="section" aria-labelledby="donor-plans-title">
      <CardHeader
        title="Recurring Gifts"
        titleId="donor-plans-title"
        description="This donor's monthly, quarterly and annual plans. Changes go through Stripe and show here once it confirms them."
      />
      <CardContent>
        {plans.isError && (
          <Alert variant="destructive">{errorMessage(plans.error, 'Failed to load the recurring gifts')}</Alert>
        )}
        {plans.isPending ? (
          <Spinner label="Loading recurring gifts" />
        ) : (
          plans.data &&
          (plans.data.plans.length === 0 ? (
            <p className="adm-empty">No recurring gifts.</p>
          ) : (
            <ul className="adm-plans">
              {plans.data.plans.map((p) => (
                <li key={p.id} className="adm-plan" aria-busy={pending(p)}>
                  <div className="adm-plan__main">
                    <p className="adm-plan__title">
                      {formatDollars(p.amount)} {frequencyLabel(p.frequency).toLowerCase()}{' '}
                      <PlanStatusBadge status={p.status} endsAtPeriodEnd={p.cancelAtPeriodEnd} />
                    </p>
                    <p className="adm-muted">
                      Started {formatUnixDate(p.started)}
                      {p.nextChargeDate ? ` · Next charge ${formatUnixDate(p.nextChargeDate)}` : ''}
                      {p.cancelAtPeriodEnd && p.cancelAt ? ` · Ends ${formatUnixDate(p.cancelAt)}` : ''}
                      {p.endedAt ? ` · Ended ${formatUnixDate(p.endedAt)}` : ''}
                    </p>
                    <FailedRenewals plan={p} />
                    {pending(p) && (
                      <p className="adm-muted" role="status">
                        Waiting for Stripe to confirm...
                      </p>
                    )}
                  </div>
                  {p.status !== 'canceled' && !pending(p) && (
                    <div className="adm-plan__actions">
                      {(p.status === 'active' || p.status === 'past_due') && (
                        <Button variant="outline" size="sm" onClick={() => setOpen({ plan: p, kind: 'pause' })}>
                          Pause
                        </Button>
                      )}
                      {p.status === 'paused' && (
                        <Button variant="outline" size="sm" onClick={() => setOpen({ plan: p, kind: 'resume' })}>
                          Resume
                        </Button>
                      )}
                      <Button variant="outline" size="sm" onClick={() => setOpen({ plan: p, kind: 'cancel' })}>
                        Cancel Gift
                      </Button>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          ))
        )}
      </CardContent>
      {open && (
        <PlanActionDialog
          plan={open.plan}
          kind={open.kind}
          busy={act.isPending}
          onConfirm={confirm}
          onClose={() => setOpen(null)}
        />
      )}
    </Card>
  );
}
