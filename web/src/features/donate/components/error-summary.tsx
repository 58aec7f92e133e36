import type { Ref } from 'react';
import { ErrorSummary as Summary } from '../../../components/ui/error-summary';
import { FIELD_IDS, FIELD_LABELS, type DonationErrors, type DonationField } from '../validate';

/** The donation form's problems in the form's order, in the shared error summary (components/ui/error-summary). */
export function ErrorSummary({ errors, ref }: { errors: DonationErrors; ref: Ref<HTMLDivElement> }) {
  const fields = (Object.keys(FIELD_IDS) as DonationField[]).filter((f) => errors[f]);
  return (
    <Summary
      ref={ref}
      titleAs="h4"
      items={fields.map((f) => ({ id: FIELD_IDS[f], label: FIELD_LABELS[f], message: errors[f]! }))}
    />
  );
}
