import { createHash } from 'node:crypto';

/**
 * Donor identity: what makes two typed e-mails the same donor. The one rule for matching a gift to a donor, the
 * My Giving sign-in, CSV imports, merges and the per-address throttles.
 *
 * The key is the address with leading and trailing spaces, tabs and line breaks removed and the ASCII letters A-Z
 * lower-cased; nothing else is folded. Unicode case folding would make different mailboxes one donor: JavaScript
 * and Postgres' lower() turn the Turkish dotted capital I (`alİce@`, `gmaİl.com`) into `i`, and a Kelvin sign into
 * `k`, so `alİce@example.org` would find alice@example.org and her gifts while the mail went elsewhere.
 *
 * Postgres computes the same key with the `email_key(text)` function (migrations/1764610000000-DonorEmailKey.ts:
 * `lower(btrim(email, ' \t\r\n') COLLATE "C")`, which folds ASCII only), indexed on `donors`; SQL compares
 * `email_key(column) = $1` with a key made here. `donor-identity.spec` and the integration test
 * `donor-identity.test.ts` hold the two to the same answers.
 */
export function emailKey(email: string): string {
  return email.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '').replace(/[A-Z]+/g, (s) => s.toLowerCase());
}

/** The key hashed, for counters that must not hold an address in clear (Redis throttles). */
export function emailKeyHash(email: string): string {
  return createHash('sha256').update(emailKey(email)).digest('hex').slice(0, 32);
}

/** Whether two stored addresses are the same donor's (false when either is missing). */
export function sameDonorEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b) && emailKey(a!) === emailKey(b!);
}

/**
 * The one e-mail key that is not a donor's: admin sign-in and reset throttles. Admin accounts are matched by
 * Postgres citext (`admins.email`, case-insensitive under the database's collation, so `admİn@` with a Turkish
 * dotted capital I and a Kelvin sign for k find the account). Their throttle must count every such spelling
 * against one key, so it folds at least as widely: compatibility-decomposed, marks dropped, lower-cased, final
 * sigma folded, hashed. Folding more than citext only merges keys. Never use it to match a donor.
 */
export function adminEmailThrottleKey(email: string): string {
  const folded = email.trim().normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
  return createHash('sha256').update(folded).digest('hex').slice(0, 32);
}
