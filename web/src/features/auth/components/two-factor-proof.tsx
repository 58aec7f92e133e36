import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import type { EnrolmentStartDto } from '../../../lib/api-types';
import { startAccountEnrolment } from '../api/account-two-factor';
import { CodeField } from './code-field';

/**
 * Before two-factor is set up again from the Security page (which replaces the app and every recovery code),
 * the admin proves it is them: their password, or, when two-factor is on, a code from the app they have now.
 * On success the set-up has started and `onStarted` gets its QR code.
 */
export function TwoFactorProof({
  enabled,
  onStarted,
  onCancel,
}: {
  enabled: boolean;
  onStarted: (setup: EnrolmentStartDto) => void;
  onCancel: () => void;
}) {
  const [useCode, setUseCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const proof = useCode ? { code: code.trim() } : { password };
    if (!(useCode ? proof.code : proof.password))
      return setError(useCode ? 'Enter the code your app shows' : 'Enter your password');
    setBusy(true);
    setError(null);
    try {
      onStarted(await startAccountEnrolment(proof));
    } catch (err) {
      setError(errorMessage(err, 'Could not start the two-factor set-up'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="adm-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="proof-title">
      <h2 id="proof-title" className="adm-form__title">
        Confirm It Is You
      </h2>
      <p className="adm-muted">
        Setting up two-factor sign-in again replaces your authenticator app and all your recovery codes, and signs out
        your other sessions.
        {useCode ? ' Enter a code from the app you use now.' : ' Enter the password you sign in with.'}
      </p>
      {error && <Alert variant="destructive">{error}</Alert>}
      {useCode ? (
        <CodeField value={code} onChange={setCode} allowRecovery />
      ) : (
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          aria-required="true"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      )}
      {enabled && (
        <Button
          variant="link"
          onClick={() => {
            setUseCode(!useCode);
            setError(null);
          }}
        >
          {useCode ? 'Use my password instead' : 'Use a code from my authenticator app instead'}
        </Button>
      )}
      <div className="adm-form__row">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Checking...' : 'Continue'}
        </Button>
      </div>
    </form>
  );
}
