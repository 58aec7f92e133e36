import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, type DialogOpenProps } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { DonorDto, MergeGiftsDto, MergePreviewDto, MergeSideDto } from '../../../lib/api-types';
import { formatDollars } from '../../../lib/currency';
import { useDonors } from '../api/get-donors';
import { useMergePreview } from '../api/get-merge-preview';
import { useMergeDonor } from '../api/merge-donor';

const who = (d: { name?: string | null; email?: string | null; id: string }) => d.name || d.email || d.id;
const giftsText = (g: MergeGiftsDto) =>
  `${g.count.toLocaleString('en-US')} ${g.count === 1 ? 'gift' : 'gifts'}, ${formatDollars(g.total)}`;

/** Step 1: find the other record of the same person among the listed donors. */
function PickDuplicate({ donor, onPick }: { donor: DonorDto; onPick: (id: string) => void }) {
  const [q, setQ] = useState('');
  const search = q.trim();
  const found = useDonors({ page: 1, q: search }, search.length >= 2);
  const others = (found.data?.customers ?? []).filter((c) => c.id !== donor.id);
  return (
    <div className="adm-merge">
      <TextField
        label="Search donors"
        type="search"
        autoComplete="off"
        hint="Name or e-mail of the duplicate record (at least 2 letters)."
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {search.length >= 2 && found.isPending && <Spinner label="Searching" />}
      {found.isError && <Alert variant="destructive">{errorMessage(found.error, 'Failed to fetch customers')}</Alert>}
      {search.length >= 2 && found.isSuccess && others.length === 0 && (
        <p className="adm-muted">No other donor matches “{search}”.</p>
      )}
      {others.length > 0 && (
        <ul className="adm-merge__results" aria-label="Matching donors">
          {others.map((c) => (
            <li key={c.id}>
              <button type="button" className="adm-merge__pick" onClick={() => onPick(c.id)}>
                <span className="adm-merge__name">{who(c)}</span>
                <span className="adm-muted">
                  {c.email || 'No email provided'} · {c.donationStats.donationCount} gifts,{' '}
                  {formatDollars(c.donationStats.totalDonated)}
                </span>
                <span className="adm-mono adm-muted">{c.id}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Step 2: both records side by side, and what the merge will do. */
function Confirmation({ preview }: { preview: MergePreviewDto }) {
  const { kept, duplicate, after } = preview;
  const rows: Array<[string, (s: MergeSideDto) => string]> = [
    ['Name', (s) => s.name || 'No name provided'],
    ['Email', (s) => s.email || 'No email provided'],
    ['Donor ID', (s) => s.id],
    ['Card gifts', (s) => giftsText(s.cardGifts)],
    ['Manual gifts', (s) => giftsText(s.manualGifts)],
    ['All gifts', (s) => giftsText(s.allGifts)],
  ];
  return (
    <div className="adm-merge">
      <div className="adm-table-wrap adm-merge__wrap">
        <table className="adm-table adm-merge__table">
          <caption className="sr-only">The two records</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="sr-only">Detail</span>
              </th>
              <th scope="col">Kept (this profile)</th>
              <th scope="col">Merged into it</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td className={label === 'Donor ID' ? 'adm-mono' : undefined}>{value(kept)}</td>
                <td className={label === 'Donor ID' ? 'adm-mono' : undefined}>{value(duplicate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.emailWarning && (
        <Alert variant="warning" role="note" aria-label="Different e-mail addresses">
          <AlertTitle>Self-service stays with one address</AlertTitle>
          <AlertDescription>{preview.emailWarning}</AlertDescription>
        </Alert>
      )}
      <h3 className="adm-merge__heading">What happens</h3>
      <ul className="adm-merge__effects">
        <li>
          The {giftsText(duplicate.allGifts)} of {who(duplicate)} ({duplicate.email || duplicate.id}) move to{' '}
          {who(kept)}, which then has <strong>{giftsText(after)}</strong>. Every total, donor count, retention report,
          tax export and year-end statement counts them once, under the kept record.
        </li>
        <li>The merged record leaves the donor list and the donor counts.</li>
        <li>
          Stripe keeps both customers: Stripe cannot merge customers. New gifts made under the merged record's customer
          count under the kept donor.
        </li>
        <li>You can undo the merge from this profile; both records come back as they were.</li>
      </ul>
    </div>
  );
}

/** Merge Duplicate: pick the other record of the same person, see both and what will happen, confirm. */
export function MergeDonorDialog({ donor, open, onOpenChange }: { donor: DonorDto } & DialogOpenProps) {
  const [picked, setPicked] = useState<string | null>(null);
  const merge = useMergeDonor();
  // Not read again once the merge is under way: afterwards the pair is no longer mergeable (409).
  const preview = useMergePreview(donor.id, open && merge.isIdle ? picked : null);
  const { reset } = merge;
  useEffect(() => {
    if (open) {
      setPicked(null);
      reset();
    }
  }, [open, reset]);

  const confirm = () => {
    if (!picked) return;
    merge.mutate(
      { keptId: donor.id, duplicateId: picked },
      {
        onSuccess: (res) => {
          const moved = res.movedCardGifts + res.movedManualGifts;
          toast({
            title: 'Records Merged',
            description: `${moved} ${moved === 1 ? 'gift' : 'gifts'} now count under ${who(donor)}.`,
          });
          onOpenChange(false);
        },
        onError: (err) =>
          toast({
            title: 'Merge Failed',
            description: errorMessage(err, 'Failed to merge the records'),
            variant: 'destructive',
          }),
      },
    );
  };

  const confirming = picked !== null;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      busy={merge.isPending}
      role={confirming ? 'alertdialog' : 'dialog'}
      size="lg"
      title={confirming ? 'Confirm Merge' : 'Merge Duplicate Record'}
      description={
        confirming
          ? `${who(donor)} is kept; the other record is merged into it.`
          : `Find the other record of ${who(donor)} (the same person, another e-mail). Its gifts will count under this donor.`
      }
      footer={
        confirming ? (
          <>
            <Button
              variant="outline"
              onClick={() => {
                reset();
                setPicked(null);
              }}
              disabled={merge.isPending}
            >
              Back
            </Button>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={merge.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={merge.isPending || !preview.isSuccess}>
              {merge.isPending ? 'Merging...' : 'Merge Records'}
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        )
      }
    >
      {!confirming && <PickDuplicate donor={donor} onPick={setPicked} />}
      {confirming && preview.isPending && <Spinner label="Reading both records" />}
      {confirming && preview.isError && (
        <Alert variant="destructive">{errorMessage(preview.error, 'Failed to read the records')}</Alert>
      )}
      {confirming && preview.data && <Confirmation preview={preview.data} />}
    </Dialog>
  );
}
