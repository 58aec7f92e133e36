import { useState } from 'react';
import { useLocation } from 'wouter';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, type DialogOpenProps } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { DonorDto } from '../../../lib/api-types';
import { exportDonorData, useEraseDonor } from '../api/donor-privacy';

function EraseDialog({ donor, open, onOpenChange }: { donor: DonorDto } & DialogOpenProps) {
  const erase = useEraseDonor();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const expected = donor.name?.trim() || donor.email?.trim() || donor.id;
  const what = donor.name?.trim() ? 'name' : donor.email?.trim() ? 'e-mail' : 'id';
  const close = () => {
    setTyped('');
    setError(null);
    onOpenChange(false);
  };
  const confirm = () => {
    if (typed.trim().toLowerCase() !== expected.toLowerCase())
      return setError(`Type the donor’s ${what} exactly as shown: ${expected}`);
    erase.mutate(
      { customerId: donor.id, confirmName: typed },
      {
        onSuccess: () => {
          toast({
            title: 'Personal Data Erased',
            description: 'The donor now reads as "Erased donor"; their gifts stay in the totals and reports.',
          });
          close();
          navigate('/stripe-data');
        },
        onError: (err) => setError(errorMessage(err, 'The erasure failed; nothing was changed.')),
      },
    );
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => (o ? onOpenChange(true) : close())}
      busy={erase.isPending}
      role="alertdialog"
      title="Erase Personal Data"
      description={`This replaces ${expected}'s name, e-mail, phone and address everywhere we hold them, removes the stored payment events about them and deletes their record at the payment provider. Amounts and dates stay, shown as "Erased donor". It cannot be undone.`}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={erase.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={erase.isPending}>
            {erase.isPending ? 'Erasing...' : 'Erase Permanently'}
          </Button>
        </>
      }
    >
      <div className="adm-form">
        {error && <Alert variant="destructive">{error}</Alert>}
        <TextField
          label={`Type the donor’s ${what} to confirm`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          hint={expected}
        />
      </div>
    </Dialog>
  );
}

/** Export data (JSON, CSV) for every admin; Erase personal data for owners only (not shown to bookkeepers). */
export function DonorPrivacyActions({ donor, canErase }: { donor: DonorDto; canErase: boolean }) {
  const [erasing, setErasing] = useState(false);
  const save = (format: 'json' | 'csv') =>
    exportDonorData(donor.id, format).catch((err) =>
      toast({
        title: 'Export Failed',
        description: errorMessage(err, 'The export could not be made'),
        variant: 'destructive',
      }),
    );
  return (
    <>
      <Button variant="outline" onClick={() => void save('json')}>
        Export Data (JSON)
      </Button>
      <Button variant="outline" onClick={() => void save('csv')}>
        Export Data (CSV)
      </Button>
      {canErase && (
        <Button variant="destructive" onClick={() => setErasing(true)}>
          Erase Personal Data
        </Button>
      )}
      {canErase && <EraseDialog donor={donor} open={erasing} onOpenChange={setErasing} />}
    </>
  );
}
