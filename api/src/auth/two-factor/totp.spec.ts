import { randomBytes } from 'node:crypto';
import { Secret } from 'otpauth';
import { parseTwoFactorKey, SecretBox } from './secret-box.js';
import { codeAt, looksLikeRecoveryCode, newRecoveryCodes, recoveryCodeHash, stepOfCode, TOTP_PERIOD } from './totp.js';

describe('TOTP as authenticator apps compute it', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890": 94287082 at T = 59 s, 07081804 at T = 1111111109 s (8 digits;
  // authenticator apps show the last 6).
  const rfcSecret = Secret.fromUTF8('12345678901234567890').base32;

  it('matches the RFC 6238 test vectors', () => {
    expect(codeAt(rfcSecret, Math.floor(59 / TOTP_PERIOD))).toBe('287082');
    expect(codeAt(rfcSecret, Math.floor(1111111109 / TOTP_PERIOD))).toBe('081804');
  });

  it('places a code in its step, one step either side of now, and no further', () => {
    const now = 1111111109 * 1000;
    const step = Math.floor(1111111109 / TOTP_PERIOD);
    for (const s of [step - 1, step, step + 1]) expect(stepOfCode(rfcSecret, codeAt(rfcSecret, s), now)).toBe(s);
    expect(stepOfCode(rfcSecret, codeAt(rfcSecret, step - 2), now)).toBeNull();
    expect(stepOfCode(rfcSecret, 'abcdef', now)).toBeNull();
  });

  it('makes ten distinct recovery codes, found again however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) {
      expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(c)).toBe(true);
      expect(recoveryCodeHash(` ${c.toUpperCase().replace('-', ' ')} `)).toEqual(recoveryCodeHash(c));
    }
  });
});

describe('SecretBox (AES-256-GCM under TWO_FACTOR_KEY)', () => {
  const key = parseTwoFactorKey(randomBytes(32).toString('base64'));

  it('opens what it sealed, for the same admin only, and not under another key', () => {
    const box = new SecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'admin-1');
    expect(sealed.toString('utf8')).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'admin-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'admin-2')).toThrow();
    expect(() => new SecretBox(parseTwoFactorKey('a'.repeat(64))).open(sealed, 'admin-1')).toThrow();
    expect(box.seal('same', 'a').equals(box.seal('same', 'a'))).toBe(false);
  });

  it('takes the key as 64 hex digits or base64', () => {
    expect(parseTwoFactorKey('ab'.repeat(32))).toHaveLength(32);
    expect(() => parseTwoFactorKey('c2hvcnQ=')).toThrow('TWO_FACTOR_KEY must be 32 bytes');
  });
});
