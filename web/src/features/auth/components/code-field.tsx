import { TextField } from '../../../components/ui/field';

/** The one-time code input: the app's 6 digits (or a recovery code, when `allowRecovery`). */
export function CodeField({
  value,
  onChange,
  allowRecovery,
}: {
  value: string;
  onChange: (value: string) => void;
  allowRecovery?: boolean;
}) {
  return (
    <TextField
      label="Authentication Code"
      name="code"
      autoComplete="one-time-code"
      inputMode={allowRecovery ? 'text' : 'numeric'}
      autoFocus
      aria-required="true"
      maxLength={24}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={
        allowRecovery
          ? 'The 6-digit code from your authenticator app, or one of your recovery codes.'
          : 'The 6-digit code your authenticator app shows now.'
      }
    />
  );
}
