/**
 * The sign-in and reset forms check the e-mail box holds an address before sending anything, so a password typed
 * into the wrong box never leaves the browser. The server refuses the same with the same words (LoginDto).
 */
export const NOT_AN_EMAIL = 'Enter your e-mail address (like name@example.org)';

export function looksLikeEmail(text: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
}
