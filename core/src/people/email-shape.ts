/**
 * The admin sign-in and reset forms take only an e-mail address in their e-mail box: the browser checks before
 * sending anything (so a password typed into the wrong box never leaves it), and the API refuses the rest with the
 * same words (LoginDto, class-validator's IsEmail) before anything is looked up or written to the audit log.
 * No Node imports: the web app reads it.
 */
export const NOT_AN_EMAIL = 'Enter your e-mail address (like name@example.org)';

export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}
