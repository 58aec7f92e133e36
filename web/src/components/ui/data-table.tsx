import { useId, type ReactNode } from 'react';

/**
 * An admin table in its scrolling region: the region takes keyboard focus (to scroll a wide table without a
 * mouse) and is named by the table's caption, read by screen readers only. `head` is the header row's cells,
 * `children` the body's rows.
 */
export function DataTable({ caption, head, children }: { caption: ReactNode; head: ReactNode; children: ReactNode }) {
  const captionId = useId();
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className="adm-table">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
