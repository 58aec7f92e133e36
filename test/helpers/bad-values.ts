import fc from 'fast-check';
import type { Stack } from './stack.js';

/**
 * fast-check building blocks for the bad-input suites: values of the wrong type, hostile strings, and bodies
 * that are invalid by construction (so the only right answer is a 4xx).
 */

/** Text an attacker or a clumsy client may send: unicode of every plane, controls, markup, SQL, huge. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    'Zoë 😀 李 عربى',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '=cmd|/C calc!A0',
    '%',
    '_',
    '\\',
    '../../etc/passwd',
    '${jndi:ldap://x}',
    '{{7*7}}',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x10',
    'null',
    'undefined',
    '[object Object]',
  ),
  fc.constantFrom(5000, 20000, 150000).map((n) => 'x'.repeat(n)),
);

/** Any JSON value that is not a string. */
export const nonString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/**
 * Any JSON value that is neither a string nor null: the bad values of an optional field, where null means
 * "not given" (the spec's client sends `subscriptionId: null` for a one-time gift) and is rightly accepted.
 */
export const nonStringNonNull: fc.Arbitrary<unknown> = nonString.filter((v) => v !== null);

/** Numbers that are not whole positive cents, and numbers out of any sane range (NaN/Infinity become null in JSON). */
export const badCents: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
  fc.constantFrom(
    Number.NaN,
    Infinity,
    -Infinity,
    1e21,
    Number.MAX_SAFE_INTEGER + 2,
    -0.5,
    0.1,
    99.999,
    10_000_001,
    2 ** 53,
  ),
  fc.string({ maxLength: 10 }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 2 }),
);

/** Dates no calendar has, or out of any range a gift can have. */
export const badDate: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-13-01',
    '0000-01-01',
    '9999-99-99',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01',
    '10000-01-01',
    '2999-01-01',
    '1970-01-01T00:00:00+25:00',
    '2026-1-1',
    '01/02/2026',
    'yesterday',
    '',
    ' ',
    'NaN',
    '1e10',
    '2026-06-31T12:00:00Z',
  ),
  fc.integer(),
  nonString,
  hostileString,
);

/** A JSON body that is not an object at all. */
export const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

export interface BodySpec {
  /** A body the endpoint accepts. */
  valid: Record<string, unknown>;
  /** Fields whose absence is an error. */
  required: string[];
  /** Per field, values that are always wrong for it. */
  bad: Record<string, fc.Arbitrary<unknown>>;
}

/** A key that is not one of the endpoint's fields (forbidNonWhitelisted makes any such key a 400). */
const extraKey = (known: string[]) =>
  fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom(
        '__proto__x',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'isAdmin',
        'role',
        'id',
        'createdAt',
        '$where',
      ),
    )
    // Object.prototype names included on purpose: class-validator's whitelist alone let them through.
    // "__proto__" is not a key at all once assigned (it swaps the prototype), so the body would stay valid.
    .filter((k) => !known.includes(k) && k !== '__proto__');

/**
 * Bodies invalid by construction: the valid body with some harmless-looking noise (hostile text in fields)
 * plus at least one certain fault (a required field missing, a field of a wrong type or value, or an unknown
 * field).
 */
export function invalidBody(spec: BodySpec): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.keys(spec.valid);
  const badFields = Object.keys(spec.bad);
  const fault: fc.Arbitrary<(b: Record<string, unknown>) => void> = fc.oneof(
    ...(spec.required.length
      ? [fc.constantFrom(...spec.required).map((f) => (b: Record<string, unknown>) => void delete b[f])]
      : []),
    fc.constantFrom(...badFields).chain((f) => spec.bad[f].map((v) => (b: Record<string, unknown>) => void (b[f] = v))),
    fc.tuple(extraKey([...fields, ...badFields]), fc.jsonValue({ maxDepth: 1 })).map(
      ([k, v]) =>
        (b: Record<string, unknown>) =>
          void (b[k] = v),
    ),
  );
  return fc.tuple(fc.array(fault, { minLength: 1, maxLength: 3 })).map(([faults]) => {
    const body = structuredClone(spec.valid);
    for (const f of faults) f(body);
    return body;
  });
}

/**
 * Row counts of every table that a request could write to. audit_log counts only entries of things that
 * happened: a refused attempt (a failed password-reset confirmation) is rightly logged with success = false.
 */
export async function tableCounts(stack: Stack): Promise<Record<string, number>> {
  // The day and month totals are counted as readers see them (the views daily_totals and monthly_totals), not as
  // they are stored: the worker folds total_deltas into the *_folded tables whenever it likes, which moves rows
  // between those tables without changing any total.
  const tables = await stack.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name <> 'typeorm_migrations'
        AND (table_type = 'BASE TABLE' OR table_name IN ('daily_totals', 'monthly_totals'))
        AND table_name NOT IN ('total_deltas', 'daily_totals_folded', 'monthly_totals_folded')
      ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables) {
    const where = table_name === 'audit_log' ? 'WHERE success IS DISTINCT FROM false' : '';
    out[table_name] = (
      await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table_name}" ${where}`)
    )[0].n;
  }
  return out;
}

/** The answer carries a human message: {message} (string or list) or {error} (string). */
export function messageOf(body: unknown): string {
  const b = body as { message?: unknown; error?: unknown } | null;
  const m = b?.message ?? b?.error;
  if (Array.isArray(m)) return m.join(', ');
  return typeof m === 'string' ? m : '';
}
