import { Button } from '../../../components/ui/button';
import { formatUsd } from '../../../../../core/src/gifts/money';
import type { AppealReportRowDto } from '../../../lib/api-types';

/** '$5,000.00' or '50 donors' (the goal in its own unit). */
export function goalLabel(a: AppealReportRowDto): string {
  if (a.goalKind === 'dollars') return a.goalCents === null ? 'None' : formatUsd(a.goalCents);
  const unit = a.goalKind === 'donors' ? 'donors' : 'new monthly donors';
  return a.goalCount === null ? 'None' : `${a.goalCount.toLocaleString('en-US')} ${unit}`;
}

const STATE: Record<AppealReportRowDto['state'], string> = { upcoming: 'Upcoming', open: 'Open', closed: 'Closed' };

/**
 * Every appeal's figures, one row each: the same numbers (core's appeal figures over the kept totals) that the
 * appeal page's bar and the board PDF show. The appeal's name selects it for the chart and downloads below.
 */
export function AppealFiguresTable({
  appeals,
  selected,
  onSelect,
  caption,
}: {
  appeals: AppealReportRowDto[];
  selected: string | null;
  onSelect: (id: string) => void;
  caption: string;
}) {
  return (
    <div className="adm-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="adm-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Appeal</th>
            <th scope="col">Dates</th>
            <th scope="col" className="adm-num">
              Raised
            </th>
            <th scope="col" className="adm-num">
              Goal
            </th>
            <th scope="col" className="adm-num">
              Percent
            </th>
            <th scope="col" className="adm-num">
              Donors
            </th>
            <th scope="col" className="adm-num">
              New donors
            </th>
            <th scope="col" className="adm-num">
              Average gift
            </th>
            <th scope="col" className="adm-num">
              Monthly started
            </th>
          </tr>
        </thead>
        <tbody>
          {appeals.map((a) => (
            <tr key={a.id} aria-current={a.id === selected ? 'true' : undefined}>
              <th scope="row">
                <Button variant="link" size="sm" aria-pressed={a.id === selected} onClick={() => onSelect(a.id)}>
                  {a.name}
                </Button>
                <span className="adm-cell-sub">{STATE[a.state]}</span>
              </th>
              <td className="adm-nowrap">
                {a.startsOn} to {a.endsOn}
              </td>
              <td className="adm-num">{formatUsd(a.raisedCents)}</td>
              <td className="adm-num">{goalLabel(a)}</td>
              <td className="adm-num">{a.percentOfGoal}%</td>
              <td className="adm-num">{a.donorCount.toLocaleString('en-US')}</td>
              <td className="adm-num">{a.newDonorCount.toLocaleString('en-US')}</td>
              <td className="adm-num">{formatUsd(a.averageGiftCents)}</td>
              <td className="adm-num">{a.recurringStarted.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
