import type { Ref } from 'react';
import { FIELD_IDS, FIELD_LABELS, type DonationErrors, type DonationField } from '../validate';

/**
 * The list of every problem at the top of the form, each linking to its field (the GOV.UK pattern): focused when
 * Continue finds problems, so it is read out; gone once every field is right. A link moves focus to its field;
 * the page's scroll-padding keeps the field clear of the sticky header.
 */
export function ErrorSummary({ errors, ref }: { errors: DonationErrors; ref: Ref<HTMLDivElement> }) {
  const fields = (Object.keys(FIELD_IDS) as DonationField[]).filter((f) => errors[f]);
  if (fields.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} aria-labelledby="error-summary-title">
      <h4 id="error-summary-title" className="error-summary__title">
        {fields.length === 1 ? 'There is 1 problem to fix' : `There are ${fields.length} problems to fix`}
      </h4>
      <ul className="error-summary__list">
        {fields.map((f) => (
          <li key={f}>
            <a
              href={`#${FIELD_IDS[f]}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(FIELD_IDS[f])?.focus();
              }}
            >
              {FIELD_LABELS[f]}: {errors[f]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
