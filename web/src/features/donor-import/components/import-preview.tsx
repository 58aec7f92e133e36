import { useEffect, useRef, useState } from 'react';
import { IMPORT_FIELD_LABELS } from '../../../../../core/src/donor-imports/column-mapping';
import { MANUAL_TYPE_LABELS, type ManualDonationType } from '../../../../../core/src/gifts/gift-labels';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import type { ImportPreviewDto } from '../../../lib/api-types';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { useMorePreviewRows } from '../api/get-preview-rows';

type Problem = ImportPreviewDto['errors'][number]['problems'][number];
type Row = ImportPreviewDto['rows'][number];

const count = (n: number) => n.toLocaleString('en-US');
const OUTCOMES: Record<Row['outcome'], string> = {
  new: 'New donor',
  matched: 'Matched donor',
  imported: 'Already imported (skipped)',
  error: 'Left out: errors',
};

/** "Gift date “2024-02-30”: Donation date must be ..." (the text that failed, as the file has it). */
function problemText(p: Problem): string {
  if (!p.field) return p.message;
  const what = p.field === 'name' ? 'Donor name' : IMPORT_FIELD_LABELS[p.field];
  return `${what} ${p.value ? `“${p.value}”` : '(blank)'}: ${p.message}`;
}

/** The dry run: counts, the file's total, every problem of every bad row, then every row as it will be imported. */
export function ImportPreview({ preview }: { preview: ImportPreviewDto }) {
  const [rows, setRows] = useState<Row[]>(preview.rows);
  const more = useMorePreviewRows();
  const lastRow = rows.length ? rows[rows.length - 1].row : 1;
  const hasMore = lastRow < preview.rowCount + 1;
  // Loading the last page removes the button that had focus, and focus would fall to <body>: it goes to the rows'
  // region instead, whose caption says how many rows are now shown.
  const rowsRegion = useRef<HTMLDivElement>(null);
  const hadMore = useRef(hasMore);
  useEffect(() => {
    if (hadMore.current && !hasMore) rowsRegion.current?.focus();
    hadMore.current = hasMore;
  }, [hasMore]);
  return (
    <Card as="section" aria-labelledby="import-preview">
      <CardHeader
        titleId="import-preview"
        title="3. Preview (nothing is saved yet)"
        description="Donors are matched by e-mail (any capitalisation), then by name and street address."
      />
      <CardContent className="adm-form">
        <ul className="adm-import-counts" aria-label="What the import will do">
          <li>
            <strong>{count(preview.readyRows)}</strong> gifts to import
          </li>
          <li>
            <strong>{count(preview.newDonors)}</strong> new donors
          </li>
          <li>
            <strong>{count(preview.matchedDonors)}</strong> existing donors matched
          </li>
          <li>
            <strong>{count(preview.alreadyImported)}</strong> rows already imported (skipped)
          </li>
          <li>
            <strong>{count(preview.errorCount)}</strong> rows with errors (left out)
          </li>
        </ul>
        <dl className="adm-import-totals" aria-label="Totals">
          <div>
            <dt>Total of the file</dt>
            <dd>{formatUsd(preview.fileTotalCents)}</dd>
          </div>
          <div>
            <dt>Total of the gifts to import</dt>
            <dd>{formatUsd(preview.importTotalCents)}</dd>
          </div>
        </dl>
        {preview.unreadAmounts > 0 && (
          <p className="adm-muted">
            {count(preview.unreadAmounts)} rows have an amount that cannot be read; the file's total leaves them out.
          </p>
        )}
        {preview.errors.length > 0 && (
          <div className="adm-table-wrap" tabIndex={0} role="region" aria-labelledby="import-errors-caption">
            <table className="adm-table adm-table--stack adm-import-table">
              <caption id="import-errors-caption">
                Rows with errors
                {preview.errorCount > preview.errors.length ? ` (the first ${count(preview.errors.length)})` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">What is wrong</th>
                </tr>
              </thead>
              <tbody>
                {preview.errors.map((e) => (
                  <tr key={e.row}>
                    <td data-label="Row">{e.row}</td>
                    <td data-label="What is wrong">
                      <ul className="adm-import-problems">
                        {e.problems.map((p) => (
                          <li key={`${p.field ?? ''}${p.message}`}>{problemText(p)}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <div
          ref={rowsRegion}
          className="adm-table-wrap"
          tabIndex={0}
          role="region"
          aria-labelledby="import-rows-caption"
        >
          <table className="adm-table adm-table--stack adm-import-table">
            <caption id="import-rows-caption">
              Every row ({count(rows.length)} of {count(preview.rowCount)} shown)
            </caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Donor</th>
                <th scope="col">Date</th>
                <th scope="col" className="adm-num">
                  Amount
                </th>
                <th scope="col">Type</th>
                <th scope="col">Fund</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.row}>
                  <td data-label="Row">{r.row}</td>
                  <td data-label="Donor">
                    <div>
                      {r.name || '—'}
                      {r.email && (
                        <>
                          <br />
                          <span className="adm-muted">{r.email}</span>
                        </>
                      )}
                    </div>
                  </td>
                  <td data-label="Date" className="adm-nowrap">
                    {r.date || '—'}
                  </td>
                  <td data-label="Amount" className="adm-num">
                    {r.amountCents === null ? `“${r.amountText}” (cannot be read)` : formatUsd(r.amountCents)}
                  </td>
                  <td data-label="Type">{MANUAL_TYPE_LABELS[r.type as ManualDonationType] ?? r.type}</td>
                  <td data-label="Fund">{r.fund}</td>
                  <td data-label="Outcome">{OUTCOMES[r.outcome]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {hasMore && (
          <div>
            <Button
              variant="outline"
              disabled={more.isPending}
              onClick={() =>
                more.mutate(
                  { id: preview.id, after: lastRow },
                  { onSuccess: (page) => setRows((r) => [...r, ...page.rows]) },
                )
              }
            >
              {more.isPending ? 'Loading…' : 'Show the next 100 rows'}
            </Button>
          </div>
        )}
        {more.isError && (
          <Alert variant="destructive">{errorMessage(more.error, 'The next rows could not be loaded')}</Alert>
        )}
      </CardContent>
    </Card>
  );
}
