import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD = 30;
const DIGITS = 6;
/** One step either side of now: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * `issuer` is only the name an authenticator app shows next to the codes (the school's published name at
 * enrolment); checking a code does not depend on it, so a later rename keeps every enrolled app working.
 */
function totp(secret: string, label = 'admin', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** The otpauth:// address an authenticator app scans (as a QR code) or takes typed, named after the school. */
export function otpauthUrl(secret: string, email: string, issuer: string): string {
  return totp(secret, email, issuer).toString();
}

export function currentStep(now = Date.now()): number {
  return TOTP.counter({ period: TOTP_PERIOD, timestamp: now });
}

/** The time step a 6-digit code belongs to (now, or one step either side), or null when it is none of them. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : currentStep(now) + delta;
}

/** The code of a given step (tests and the demo use it to act as an authenticator app). */
export function codeAt(secret: string, step: number): string {
  return totp(secret).generate({ timestamp: step * TOTP_PERIOD * 1000 });
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/**
 * Ten single-use recovery codes of 10 characters from a 31-letter alphabet (about 50 bits each), shown once
 * as xxxxx-xxxxx. High entropy makes a plain SHA-256 enough to store them (no slow hash needed, and a code can
 * be found by its hash).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A typed recovery code as stored: lower case, without spaces or dashes, hashed. */
export function recoveryCodeHash(code: string): Buffer {
  return createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, ''), 'utf8').digest();
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.replace(/\s/g, ''));
}
