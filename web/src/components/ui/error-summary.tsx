import type { Ref } from 'react';

export interface ErrorSummaryItem {
  /** The id of the field the item links to. */
  id: string;
  label: string;
  message: string;
}

/**
 * The list of every problem at the top of a form, each linking to its field (the GOV.UK pattern): focus it when
 * a submit finds problems, so it is read out; render nothing once every field is right. A link moves focus to its
 * field; the page's scroll-padding keeps the field clear of a sticky header.
 */
export function ErrorSummary({
  items,
  ref,
  titleAs: Title = 'h3',
}: {
  items: ErrorSummaryItem[];
  ref: Ref<HTMLDivElement>;
  titleAs?: 'h2' | 'h3' | 'h4';
}) {
  if (items.length === 0) return null;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} aria-labelledby="error-summary-title">
      <Title id="error-summary-title" className="error-summary__title">
        {items.length === 1 ? 'There is 1 problem to fix' : `There are ${items.length} problems to fix`}
      </Title>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(e) => {
                e.preventDefault();
                document.getElementById(item.id)?.focus();
              }}
            >
              {item.label}: {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
