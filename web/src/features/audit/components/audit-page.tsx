import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AuditEntryDto } from '../../../lib/api-types';
import { downloadFile } from '../../../lib/download';
import { browserName, formatDateTime } from '../../../lib/format';
import { type AuditFilter, auditQuery, useAuditFilters, useAuditPage } from '../api/audit';

const EMPTY: AuditFilter = { adminId: '', action: '', from: '', to: '' };

function who(e: AuditEntryDto): string {
  if (e.actorKind === 'donor') return `Donor ${e.donorId ?? ''}`.trim();
  if (e.actorKind === 'system') return 'System';
  return e.admin?.name ?? (e.emailTried ? `Unknown (${e.emailTried})` : 'Unknown');
}

function Outcome({ success, repeats }: { success: boolean | null; repeats: number }) {
  if (success === null) return <span className="adm-muted">-</span>;
  if (success) return <Badge variant="success">Success</Badge>;
  return <Badge variant="warning">{repeats > 1 ? `Refused ${repeats} times` : 'Refused'}</Badge>;
}

/** /stripe-data/audit: who did what, when and from where; filtered and paginated by the server; CSV of the selection. */
export function AuditPage() {
  const [draft, setDraft] = useState<AuditFilter>(EMPTY);
  const [filter, setFilter] = useState<AuditFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const entries = useAuditPage(filter, page);
  const options = useAuditFilters();
  const captionId = useId();
  const set = (k: keyof AuditFilter) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  const exportCsv = () =>
    downloadFile(`/api/admin/audit/export${auditQuery(filter)}`, 'audit-log.csv').catch((err) =>
      toast({
        title: 'Export Failed',
        description: errorMessage(err, 'The export could not be made'),
        variant: 'destructive',
      }),
    );

  return (
    <Card as="section" aria-labelledby="audit-title">
      <CardHeader
        title="Audit Log"
        titleId="audit-title"
        description="Every sign-in, change and export, newest first. Entries cannot be edited or deleted."
        actions={
          <Button variant="outline" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
      />
      <CardContent className="adm-form">
        <form
          className="adm-filters"
          aria-label="Filter the audit log"
          onSubmit={(e) => {
            e.preventDefault();
            setPage(1);
            setFilter(draft);
          }}
        >
          <SelectField
            label="Person"
            value={draft.adminId}
            onValueChange={set('adminId')}
            options={[
              { value: '', label: 'Everyone' },
              ...(options.data?.admins ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
          />
          <SelectField
            label="Action"
            value={draft.action}
            onValueChange={set('action')}
            options={[
              { value: '', label: 'All actions' },
              ...(options.data?.actions ?? []).map((a) => ({ value: a, label: a })),
            ]}
          />
          <TextField label="From" type="date" value={draft.from} onChange={(e) => set('from')(e.target.value)} />
          <TextField label="To" type="date" value={draft.to} onChange={(e) => set('to')(e.target.value)} />
          <Button type="submit">Apply Filters</Button>
        </form>
        {entries.isError && (
          <Alert variant="destructive">{errorMessage(entries.error, 'Failed to load the audit log')}</Alert>
        )}
        {entries.isPending ? (
          <Spinner label="Loading the audit log" />
        ) : (
          entries.data &&
          (entries.data.entries.length === 0 ? (
            <p className="adm-empty">No entries match these filters.</p>
          ) : (
            <div
              className="adm-table-wrap"
              tabIndex={0}
              role="region"
              aria-labelledby={captionId}
              aria-busy={entries.isFetching}
            >
              <table className="adm-table">
                <caption id={captionId} className="sr-only">
                  Audit entries, newest first
                </caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">From</th>
                    <th scope="col">Details</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.data.entries.map((e) => (
                    <tr key={e.id}>
                      <td className="adm-nowrap">{formatDateTime(e.at)}</td>
                      <td>{who(e)}</td>
                      <td className="adm-mono">{e.action}</td>
                      <td>
                        <Outcome success={e.success} repeats={e.repeats} />
                        {e.lastAt && <span className="adm-cell-sub">last {formatDateTime(e.lastAt)}</span>}
                      </td>
                      <td>
                        <span className="adm-mono">{e.ip ?? ''}</span>
                        {e.userAgent && <span className="adm-cell-sub">{browserName(e.userAgent)}</span>}
                      </td>
                      <td className="adm-mono adm-details">
                        {Object.keys(e.details).length ? JSON.stringify(e.details) : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))
        )}
        <div className="adm-pager">
          <Button variant="outline" size="sm" onClick={() => setPage((p) => p - 1)} disabled={page <= 1}>
            Newer
          </Button>
          <span className="adm-muted">Page {page}</span>
          <Button variant="outline" size="sm" onClick={() => setPage((p) => p + 1)} disabled={!entries.data?.hasMore}>
            Older
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
