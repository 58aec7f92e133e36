import { Badge, type BadgeProps } from '../../../components/ui/badge';
import { FREQUENCY_LABELS, validFrequency } from '../../../../../core/src/gifts/frequencies';

export const PLAN_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

const VARIANTS: Record<string, BadgeProps['variant']> = {
  active: 'success',
  past_due: 'warning',
  paused: 'secondary',
  canceled: 'outline',
  incomplete: 'secondary',
};

export function PlanStatusBadge({ status, endsAtPeriodEnd }: { status: string; endsAtPeriodEnd?: boolean }) {
  return (
    <>
      <Badge variant={VARIANTS[status] ?? 'secondary'}>{PLAN_STATUS_LABELS[status] ?? status}</Badge>
      {endsAtPeriodEnd && status !== 'canceled' && <span className="adm-cell-sub">Ends at period end</span>}
    </>
  );
}

export function frequencyLabel(frequency: string | null): string {
  const f = validFrequency(frequency);
  return f ? FREQUENCY_LABELS[f] : 'Other';
}
