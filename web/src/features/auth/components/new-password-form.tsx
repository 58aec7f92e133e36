import type { FormEvent, ReactNode } from 'react';
import { TextField } from '../../../components/ui/field';
import { useFormFields } from '../../../lib/use-form-fields';
import { checkNewPassword } from '../lib/password-rules';
import { AuthForm } from './auth-card';

/** The values of a new password typed twice; kept by the page, so they outlive the form (a step in between). */
export function useNewPasswordFields() {
  return useFormFields({ newPassword: '', confirmPassword: '' });
}

/**
 * The form of a link that sets a password (a reset link, an invitation): the new password twice, checked by the
 * password rules (and the link's token) before `onSave(token, newPassword)` runs; a problem goes to `onError`.
 */
export function NewPasswordForm({
  form,
  token,
  error,
  onError,
  onSave,
  hint,
  submitLabel,
  pendingLabel,
  pending,
}: {
  form: ReturnType<typeof useNewPasswordFields>;
  token: string | null;
  error: string | null;
  onError: (problem: string | null) => void;
  onSave: (token: string, newPassword: string) => void;
  hint?: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
}) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const { newPassword, confirmPassword } = form.values;
    const problem = checkNewPassword(newPassword, confirmPassword, token);
    onError(problem);
    if (!problem && token) onSave(token, newPassword);
  };
  return (
    <AuthForm error={error} submitLabel={submitLabel} pendingLabel={pendingLabel} pending={pending} onSubmit={onSubmit}>
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        {...form.field('newPassword')}
        hint={hint}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        aria-required="true"
        {...form.field('confirmPassword')}
      />
    </AuthForm>
  );
}
