import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import type { SessionDto } from '../../../lib/api-types';
import { formatDateTime, browserName } from '../../../lib/format';

/** Live sessions: started, last seen, address, browser; "End" on each (this browser's own is marked). */
export function SessionsTable({
  caption,
  sessions,
  onRevoke,
}: {
  caption: string;
  sessions: SessionDto[];
  onRevoke: (sessionId: string) => void;
}) {
  if (sessions.length === 0) return <p className="adm-empty">No live sessions.</p>;
  return (
    <DataTable
      caption={caption}
      head={
        <>
          <th scope="col">Started</th>
          <th scope="col">Last Seen</th>
          <th scope="col">Address</th>
          <th scope="col">Browser</th>
          <th scope="col">Actions</th>
        </>
      }
    >
      {sessions.map((s) => (
        <tr key={s.id}>
          <td className="adm-nowrap">{formatDateTime(s.createdAt)}</td>
          <td className="adm-nowrap">{formatDateTime(s.lastSeenAt)}</td>
          <td className="adm-mono">{s.ip ?? 'Unknown'}</td>
          <td title={s.userAgent ?? undefined}>{browserName(s.userAgent)}</td>
          <td>
            {s.current ? (
              <Badge variant="secondary">This browser</Badge>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                className="adm-danger-text"
                onClick={() => onRevoke(s.id)}
                aria-label={`End the session started ${formatDateTime(s.createdAt)}`}
              >
                End
              </Button>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
