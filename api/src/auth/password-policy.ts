import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_MIN_SCORE = 3;

let factory: ZxcvbnFactory | undefined;

/** Built on first use: loading the dictionaries takes ~200 ms, which the worker and most scripts never need. */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return factory;
}

/** Words a password must not lean on: the product's own name and the admin's identity. */
const SITE_WORDS = ['hillside', 'learning', 'center', 'school', 'admin', 'donate', 'donation', 'stripe'];

/**
 * Why a new password is refused, or null when it is acceptable. Length first (the spec's minimum is 8;
 * the maximum keeps hashing cost bounded), then strength: a zxcvbn score below 3 ("safely unguessable:
 * moderate protection from offline slow-hash scenario") is refused with zxcvbn's own explanation.
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
  const parts = userInputs.flatMap((s) => [s.toLowerCase(), ...s.toLowerCase().split(/[^a-z0-9]+/)]);
  const inputs = [...SITE_WORDS, ...parts.filter((s) => s.length >= 3)];
  const result = zxcvbn().check(password, inputs);
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ');
  return `Password is too weak${why ? `: ${why}` : '.'} Use a longer passphrase of several uncommon words, e.g. four random words with a number.`;
}
