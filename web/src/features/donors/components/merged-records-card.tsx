import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { DonorMergeDto } from '../../../lib/api-types';
import { formatDateTime } from '../../../lib/format';
import { useMerges } from '../api/get-merges';
import { useUndoMerge } from '../api/undo-merge';

const who = (m: DonorMergeDto) => m.name || m.email || m.mergedId;

/** The records merged into this donor, each with Undo Merge. Shown only when there are some. */
export function MergedRecordsCard({ customerId }: { customerId: string }) {
  const merges = useMerges(customerId);
  const undo = useUndoMerge();
  const [undoing, setUndoing] = useState<DonorMergeDto | null>(null);
  if (!merges.data?.length) return null;

  const confirm = () => {
    if (!undoing) return;
    undo.mutate(
      { keptId: customerId, mergeId: undoing.id },
      {
        onSuccess: (res) => {
          toast({
            title: 'Merge Undone',
            description: `${res.restoredGifts} ${res.restoredGifts === 1 ? 'gift is' : 'gifts are'} back with ${who(undoing)}.`,
          });
          setUndoing(null);
        },
        onError: (err) =>
          toast({
            title: 'Undo Failed',
            description: errorMessage(err, 'Failed to undo the merge'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <Card as="section" aria-labelledby="merged-records-title">
      <CardHeader
        title="Merged Records"
        titleId="merged-records-title"
        description="Other records of this donor: their gifts count here. Both customers stay in Stripe."
      />
      <CardContent>
        <ul className="adm-merged">
          {merges.data.map((m) => (
            <li key={m.id} className="adm-merged__item">
              <div>
                <p className="adm-merge__name">{who(m)}</p>
                <p className="adm-muted">
                  {m.email || 'No email provided'} · <span className="adm-mono">{m.mergedId}</span>
                </p>
                <p className="adm-muted">
                  Merged {formatDateTime(m.mergedAt)}
                  {m.mergedBy ? ` by ${m.mergedBy}` : ''} · {m.movedGifts} {m.movedGifts === 1 ? 'gift' : 'gifts'} moved
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => setUndoing(m)} aria-label={`Undo merge of ${who(m)}`}>
                Undo Merge
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
      <Dialog
        open={undoing !== null}
        onOpenChange={(open) => !open && setUndoing(null)}
        busy={undo.isPending}
        role="alertdialog"
        size="sm"
        title="Undo Merge"
        description={
          undoing
            ? `${who(undoing)} becomes a separate donor again, with its own gifts (including any made since the merge).`
            : ''
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setUndoing(null)} disabled={undo.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={undo.isPending}>
              {undo.isPending ? 'Undoing...' : 'Undo Merge'}
            </Button>
          </>
        }
      />
    </Card>
  );
}
