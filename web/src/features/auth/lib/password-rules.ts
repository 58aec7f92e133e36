/** SPEC sections 5 and 9: a new password's rules, checked in the spec's order. */
export const MIN_PASSWORD_LENGTH = 8;

export function checkNewPassword(password: string, confirm: string, token: string | null): string | null {
  if (!password || !confirm) return 'Please fill in all fields';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (password !== confirm) return 'Passwords do not match';
  if (!token) return 'Invalid reset token';
  return null;
}
