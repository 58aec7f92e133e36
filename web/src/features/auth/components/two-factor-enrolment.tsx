import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { EnrolmentStartDto } from '../../../lib/api-types';
import { CodeField } from './code-field';
import { RecoveryCodes } from './recovery-codes';

/**
 * Setting up two-factor sign-in: the QR code (and the secret as text, for typing into the app), one code to
 * confirm, then the recovery codes. Used at sign-in, after an invitation and from the Security page; `start`
 * and `confirm` are that place's two requests.
 */
export function TwoFactorEnrolment<R extends { recoveryCodes: string[] }>({
  start,
  confirm,
  onDone,
  doneLabel,
}: {
  start: () => Promise<EnrolmentStartDto>;
  confirm: (code: string) => Promise<R>;
  onDone: (result: R) => void;
  doneLabel?: string;
}) {
  const [setup, setSetup] = useState<EnrolmentStartDto | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<R | null>(null);

  useEffect(() => {
    let live = true;
    start().then(
      (s) => live && setSetup(s),
      (err) => live && setError(errorMessage(err, 'Could not start the two-factor set-up')),
    );
    return () => {
      live = false;
    };
    // Started once per mount: a second call would replace the secret the admin is scanning.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError('Enter the 6-digit code your app shows');
    setBusy(true);
    setError(null);
    try {
      setResult(await confirm(code.trim()));
    } catch (err) {
      setError(errorMessage(err, 'That code did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (result) return <RecoveryCodes codes={result.recoveryCodes} onDone={() => onDone(result)} doneLabel={doneLabel} />;
  if (!setup)
    return error ? <Alert variant="destructive">{error}</Alert> : <Spinner label="Preparing two-factor set-up" />;
  return (
    <form className="adm-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="enrol-title">
      <h2 id="enrol-title" className="adm-form__title">
        Set Up Two-Factor Sign-In
      </h2>
      <ol className="adm-steps">
        <li>
          Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password, Authy...).
        </li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        className="adm-qr"
        src={setup.qrCode}
        width={200}
        height={200}
        alt="QR code to scan with your authenticator app"
      />
      <p className="adm-muted">
        Key:{' '}
        <span className="adm-mono" aria-label="Set-up key">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </span>
      </p>
      {error && <Alert variant="destructive">{error}</Alert>}
      <CodeField value={code} onChange={setCode} />
      <Button type="submit" className="btn--block" disabled={busy}>
        {busy ? 'Checking...' : 'Confirm Code'}
      </Button>
    </form>
  );
}
