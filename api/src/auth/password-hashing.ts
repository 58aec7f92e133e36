import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum configuration (m = 19 MiB, t = 2, p = 1):
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash; with no hash (unknown e-mail) it verifies against a dummy hash
 * of the same parameters, so "no such admin" takes as long as "wrong password" and timing tells nothing.
 */
export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword(randomBytes(32).toString('base64'));
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker (older) parameters and should be replaced on the next sign-in. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, ARGON2_OPTIONS);
  } catch {
    return true;
  }
}

/** Computes the dummy hash ahead of the first unknown-e-mail sign-in, so that one is not slower either. */
export async function warmUpDummyHash(): Promise<void> {
  await verifyPassword(undefined, 'warm-up');
}
