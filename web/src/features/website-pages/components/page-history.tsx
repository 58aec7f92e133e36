import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { usePageRevisions, useRestoreRevision } from '../api/site-pages';

/** Every publish of a page, newest first, with who and when; any earlier one can be published again. */
export function PageHistory({ page, label }: { page: string; label: string }) {
  const revisions = usePageRevisions(page);
  const restore = useRestoreRevision();
  if (revisions.isPending) return <Spinner label="Loading the history" />;
  if (revisions.isError) return <p className="adm-error">{revisions.error.message}</p>;
  const list = revisions.data.revisions;
  return (
    <section aria-labelledby="page-history-title">
      <h2 id="page-history-title" className="adm-section-title">
        History of {label}
      </h2>
      {list.length === 0 ? (
        <p className="adm-muted">Not changed since the site was installed: visitors see the original texts.</p>
      ) : (
        <table className="adm-table">
          <caption className="sr-only">Published versions of {label}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Published</th>
              <th scope="col">By</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id}>
                <td>
                  {formatDateTime(r.publishedAt)}
                  {r.restoredFrom && <span className="adm-muted"> (restored an earlier version)</span>}
                </td>
                <td>{r.publishedBy ?? 'A former admin'}</td>
                <td>
                  {r.current ? (
                    <Badge variant="success">Live now</Badge>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={restore.isPending}
                      aria-label={`Restore the version of ${formatDateTime(r.publishedAt)}`}
                      onClick={() =>
                        restore.mutate(
                          { page, id: r.id },
                          {
                            onSuccess: () => toast({ title: `${label}: the earlier version is live again` }),
                            onError: (e) =>
                              toast({
                                title: errorMessage(e, 'The restore did not work. Try again.'),
                                variant: 'destructive',
                              }),
                          },
                        )
                      }
                    >
                      Restore
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
