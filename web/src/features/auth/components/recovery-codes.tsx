import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { saveBlob } from '../../../lib/download';

/** The ten recovery codes, shown once: each works once when the phone is not at hand. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'I have saved my recovery codes',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const download = () =>
    saveBlob(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }), 'hillside-admin-recovery-codes.txt');
  return (
    <div className="adm-form">
      <Alert variant="warning">
        <AlertTitle>Save your recovery codes</AlertTitle>
        <AlertDescription>
          Each code signs you in once if your phone is lost or not at hand. They are shown only now: print them,
          download them or keep them in a password manager.
        </AlertDescription>
      </Alert>
      <ul className="adm-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c} className="adm-mono">
            {c}
          </li>
        ))}
      </ul>
      <div className="adm-form__row">
        <Button variant="outline" onClick={download}>
          Download Codes
        </Button>
        <Button onClick={onDone}>{doneLabel}</Button>
      </div>
    </div>
  );
}
