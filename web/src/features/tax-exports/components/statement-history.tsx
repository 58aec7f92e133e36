import type { StatementHistoryDto } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/format';

/** The run answers at most this many (statements.service). */
const HISTORY_LIMIT = 200;
const EDITIONS: Record<StatementHistoryDto['edition'], string> = {
  interim: 'Interim',
  final: 'Final',
  corrected: 'Corrected',
  unversioned: 'Year-end',
};
const STATUSES: Record<StatementHistoryDto['status'], string> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

/** Who got which version of the year's statement (newest first), folded away until the admin opens it. */
export function StatementHistory({ year, history }: { year: number; history: StatementHistoryDto[] }) {
  return (
    <details className="adm-statement-history">
      <summary>
        Statements of {year} sent so far
        {history.length >= HISTORY_LIMIT ? ` (the latest ${HISTORY_LIMIT})` : ` (${history.length})`}
      </summary>
      <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="statement-history-caption">
        <table className="adm-table">
          <caption id="statement-history-caption">Year-end statements of {year}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Donor</th>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col">Queued</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={`${h.customerId}-${h.queuedAt}-${i}`}>
                <td>{h.name ?? h.customerId}</td>
                <td>{EDITIONS[h.edition]}</td>
                <td>{STATUSES[h.status]}</td>
                <td className="adm-nowrap">{formatDateTime(h.queuedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
