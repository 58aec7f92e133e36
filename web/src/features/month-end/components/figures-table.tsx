import { useId } from 'react';
import type { MonthEndFiguresDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';

const COLUMNS: Array<[keyof MonthEndFiguresDto, string]> = [
  ['grossCents', 'Gross'],
  ['refundCents', 'Refunds'],
  ['disputeCents', 'Disputes'],
  ['feeCents', 'Stripe fees'],
  ['receivedCents', 'Received'],
  ['afterFeesCents', 'After fees'],
];

/** One table of figure rows (by method or by fund), stacked into labelled lines on a phone. */
export function FiguresTable({
  caption,
  rowHeader,
  rows,
}: {
  caption: string;
  rowHeader: string;
  rows: MonthEndFiguresDto[];
}) {
  const id = useId();
  if (rows.length === 0) return <p className="adm-empty">Nothing this month.</p>;
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby={id}>
      <table className="adm-table adm-table--stack">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {COLUMNS.map(([, title]) => (
              <th key={title} scope="col" className="adm-num">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row" data-label={rowHeader}>
                {r.name}
              </th>
              {COLUMNS.map(([k, title]) => (
                <td key={k} className="adm-num" data-label={title}>
                  {formatUsd(r[k] as number)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
