import { useState } from 'react';
import { AppealSelect } from '../../../components/appeal-select';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AppealAdminDto, TransactionDto } from '../../../lib/api-types';
import { useAppeals } from '../../../lib/appeals';
import { DATE_FORMAT, formatUnixDate } from '../../../lib/format';
import { formatUsd } from '../../../../../core/src/gifts/money';
import { useMoveGiftAppeal } from '../api/move-gift-appeal';

/** An appeal as the list names it: its name, and what it is when it is not open. */
function appealChoice(a: AppealAdminDto): string {
  if (a.status === 'archived') return `${a.page.name} (archived)`;
  if (a.page.state === 'closed') return `${a.page.name} (ended)`;
  if (a.page.state === 'upcoming') return `${a.page.name} (not started)`;
  return a.page.name;
}

function ChangeAppealBody({ tx, onClose }: { tx: TransactionDto; onClose: () => void }) {
  const move = useMoveGiftAppeal();
  const appeals = useAppeals().data ?? [];
  const current = tx.appeal?.id ?? '';
  const [appealId, setAppealId] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const amount = formatUsd(tx.amount);
  const donor = tx.billing_details?.name || tx.billing_details?.email;
  const gift = `${amount}${donor ? ` from ${donor}` : ''} on ${formatUnixDate(tx.created, DATE_FORMAT)}`;

  // mutateAsync: the refreshed ledger may re-render the table under the dialog before mutate's callbacks would run.
  const confirm = async () => {
    setError(null);
    try {
      await move.mutateAsync({ id: tx.id, appealId: appealId || null });
    } catch (err) {
      setError(errorMessage(err, 'The gift could not be moved'));
      return;
    }
    const name = appeals.find((a) => a.id === appealId)?.page.name;
    toast({
      title: 'Appeal Changed',
      description: name
        ? `The gift of ${amount} is now credited to ${name}.`
        : `The gift of ${amount} is credited to no appeal.`,
    });
    onClose();
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      busy={move.isPending}
      size="sm"
      title="Change Appeal"
      description={`The gift of ${gift}. The appeals' totals move with it, and the change is in the audit log.`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={move.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={move.isPending || appealId === current}>
            {move.isPending ? 'Changing...' : 'Change Appeal'}
          </Button>
        </>
      }
    >
      <p>
        Now: <strong>{tx.appeal?.name ?? 'no appeal'}</strong>
      </p>
      <AppealSelect
        id="change-appeal-select"
        label="Credit it to"
        none="No appeal"
        value={appealId}
        onValueChange={setAppealId}
        // Drafts take no gifts; the appeal it is credited to now stays listed whatever it is.
        offered={(a) => a.status !== 'draft' || a.id === current}
        labelOf={appealChoice}
      />
      {error && <Alert variant="destructive">{error}</Alert>}
    </Dialog>
  );
}

/**
 * Change Appeal on a gift's row: choose another appeal (or none), confirm, and the server moves the gift and its
 * totals (audited). A refusal (the gift or the appeal gone, no right to do it) is shown in the dialog, which stays
 * open. `tx` null means closed.
 */
export function ChangeAppealDialog({ tx, onClose }: { tx: TransactionDto | null; onClose: () => void }) {
  return tx ? <ChangeAppealBody key={tx.id} tx={tx} onClose={onClose} /> : null;
}
