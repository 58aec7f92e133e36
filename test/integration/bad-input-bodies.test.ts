import fc from 'fast-check';
import request from 'supertest';
import { parseDollars } from '../../core/src/gifts/money.js';
import { API_JSON_DEPTH_LIMIT, tooDeepMessage } from '../../api/src/http/json-depth.js';
import { signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';
import {
  badCents,
  badDate,
  hostileString,
  invalidBody,
  messageOf,
  nonString,
  nonStringNonNull,
  notAnObject,
  tableCounts,
  type BodySpec,
} from '../helpers/bad-values.js';

/**
 * Property-based: every public and admin endpoint that takes a body, fed bodies that are wrong by construction
 * (missing, extra and mistyped fields, hostile and huge strings, unicode, negative/fractional/NaN cents, dates
 * out of range, non-objects, malformed JSON, wrong content type, JSON nested thousands of levels deep). Each answer must be a 4xx carrying a message,
 * never a 5xx, and no table may gain or lose a row. Stripe is a closed port: a body that slipped through
 * validation would reach it and answer 502, which fails the property.
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 80);

/** JSON text nested `depth` levels, the openers cycling through `pattern` (built flat: no recursion here either). */
function deepJson(depth: number, pattern: string[]): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    const o = pattern[i % pattern.length];
    open.push(o);
    close.push(o.startsWith('[') ? ']' : '}');
  }
  return open.join('') + '0' + close.reverse().join('');
}

const donor = {
  frequency: 'one-time',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.org',
  phone: '',
  address: '1 Oak St',
  city: 'Mountain View',
  state: 'AR',
  zipCode: '72560',
};
const donorBad: Record<string, fc.Arbitrary<unknown>> = {
  frequency: fc.oneof(nonString, fc.constantFrom('weekly', 'ONE-TIME', '', 'one-time ')),
  firstName: fc.oneof(nonString, fc.constantFrom('', '   ', 'x'.repeat(101))),
  lastName: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(101))),
  email: fc.oneof(
    nonString,
    hostileString.filter((s) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.trim())),
  ),
  phone: fc.oneof(fc.integer(), fc.boolean(), fc.constant('1'.repeat(41))),
  zipCode: fc.oneof(fc.integer(), fc.constant('9'.repeat(21))),
};
const donorSpec: BodySpec = { valid: donor, required: ['firstName', 'lastName', 'email'], bad: donorBad };

/** A link's token and a new password: password reset confirmation and accepting an invitation. */
const tokenAndPasswordSpec: BodySpec = {
  valid: { token: 'not-a-real-token', newPassword: 'Another-Strong-Passphrase-42' },
  required: ['token', 'newPassword'],
  bad: {
    token: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(201))),
    newPassword: fc.oneof(nonString, fc.constantFrom('', 'short', 'x'.repeat(257), 'password')),
  },
};

const SPECS: { name: string; path: string; admin: boolean; spec: BodySpec }[] = [
  {
    name: 'create-payment-intent',
    path: '/api/create-payment-intent',
    admin: false,
    spec: {
      valid: { amount: 5000, donationData: { ...donor, amount: '50' } },
      required: ['amount', 'donationData'],
      bad: { amount: badCents, donationData: fc.oneof(nonString, invalidBody(donorSpec)) },
    },
  },
  {
    name: 'donation',
    path: '/api/donation',
    admin: false,
    spec: {
      valid: { ...donor, amount: '50', paymentIntentId: 'pi_123', recordToken: 'A'.repeat(43) },
      required: ['amount', 'firstName', 'lastName', 'email', 'paymentIntentId', 'recordToken'],
      bad: {
        ...donorBad,
        // A number the form's dollar rule accepts (0, 50, 12.5: sent as a number instead of text) is a good value here.
        amount: fc.oneof(
          nonString.filter((v) => !(typeof v === 'number' && parseDollars(v) !== null)),
          fc.constantFrom(
            '-5',
            '0x10',
            '1e3',
            'NaN',
            'Infinity',
            '1,2,3.4.5',
            '',
            '$-1',
            '1234567890.1',
            '1.005',
            '12,50',
            '40.',
          ),
        ),
        paymentIntentId: fc.oneof(
          nonStringNonNull,
          fc.constantFrom('ch_123', "pi_1' OR '1'='1", 'pi_', `pi_${'a'.repeat(101)}`),
        ),
        subscriptionId: fc.oneof(nonStringNonNull, fc.constantFrom('pi_1', 'sub_ 1', 'sub_')),
        recordToken: fc.oneof(
          nonString,
          fc.constantFrom('', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}\u0000`),
        ),
      },
    },
  },
  {
    name: 'admin login',
    path: '/api/admin/login',
    admin: false,
    spec: {
      valid: { email: 'nobody@example.org', password: 'Some-Password-1' },
      required: ['email', 'password'],
      bad: {
        email: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(321))),
        password: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(257))),
      },
    },
  },
  {
    name: 'password reset request',
    path: '/api/admin/password-reset/request',
    admin: false,
    spec: {
      valid: { email: 'nobody@example.org' },
      required: ['email'],
      bad: { email: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(321))) },
    },
  },
  {
    name: 'password reset confirm',
    path: '/api/admin/password-reset/confirm',
    admin: false,
    spec: tokenAndPasswordSpec,
  },
  {
    name: 'create donor',
    path: '/api/stripe/customers',
    admin: true,
    spec: {
      valid: { name: 'Jane Doe', email: 'jane@example.org', phone: '+1 870 555 0100', address: '12 Oak Street' },
      required: ['name', 'email'],
      bad: {
        name: fc.oneof(nonString, fc.constantFrom('', '   ', 'x'.repeat(257))),
        email: fc.oneof(
          nonString,
          hostileString.filter((s) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.trim())),
        ),
        phone: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string()), fc.constant('1'.repeat(41))),
        address: fc.oneof(fc.integer(), fc.constant('x'.repeat(201))),
      },
    },
  },
  {
    name: 'sign-in code',
    path: '/api/admin/login/two-factor',
    admin: false,
    spec: {
      valid: { challengeToken: 'A'.repeat(43), code: '123456' },
      required: ['challengeToken', 'code'],
      bad: {
        challengeToken: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(201))),
        code: fc.oneof(nonString, fc.constantFrom('', '12345', 'x'.repeat(25), '12 34 5\u0000')),
      },
    },
  },
  { name: 'accept invitation', path: '/api/admin/invite/accept', admin: false, spec: tokenAndPasswordSpec },
  {
    name: 'invite admin',
    path: '/api/admin/admins',
    admin: true,
    spec: {
      valid: { email: 'new.admin@example.org', name: 'New Admin', role: 'bookkeeper' },
      required: ['email', 'name', 'role'],
      bad: {
        email: fc.oneof(nonString, fc.constantFrom('', 'not-an-email', `${'x'.repeat(320)}@example.org`)),
        name: fc.oneof(nonString, fc.constantFrom('', 'x'.repeat(201))),
        role: fc.oneof(nonString, fc.constantFrom('', 'admin', 'Owner', 'owner ')),
      },
    },
  },
  {
    name: 'erase donor',
    path: '/api/admin/donors/cus_Nobody1/erase',
    admin: true,
    spec: {
      valid: { confirmName: 'Nobody' },
      required: ['confirmName'],
      bad: { confirmName: fc.oneof(nonString, fc.constant('x'.repeat(501))) },
    },
  },
  {
    name: 'manual donation',
    path: '/api/admin/manual-donations',
    admin: true,
    spec: {
      valid: {
        donorName: 'Cash Donor',
        donorEmail: '',
        amount: '1,250.00',
        donationType: 'cash',
        donationDate: '2026-01-15',
        notes: 'Gala',
      },
      required: ['donorName', 'amount', 'donationType', 'donationDate'],
      bad: {
        donorName: fc.oneof(nonString, fc.constantFrom('', '   ', 'x'.repeat(201))),
        amount: fc.oneof(
          badCents,
          // '$5' is a good amount: the one dollar grammar (core parseDollars) takes a leading $.
          fc.constantFrom('-5', '0', '0.00', '1.234', 'NaN', '1e5', '10,000,000.00', '1,,000', '$ 5', '$-5', ' '),
        ),
        donationType: fc.oneof(nonString, fc.constantFrom('Cash', 'card', '', 'cash ')),
        donationDate: badDate,
        donorEmail: fc.oneof(fc.integer(), fc.constantFrom('not-an-email', 'a@', '@b.org')),
        stripeCustomerId: fc.oneof(fc.integer(), fc.constantFrom('cus_', 'ch_123', "cus_1' OR 1=1 --", 'cus_a b')),
        notes: fc.oneof(fc.integer(), fc.constant('x'.repeat(2001))),
        giftDescription: fc.oneof(fc.integer(), fc.boolean(), fc.constant('x'.repeat(501))),
        goodsDescription: fc.oneof(fc.integer(), fc.array(fc.string()), fc.constant('x'.repeat(301))),
        // Optional: null (and NaN or Infinity, which JSON sends as null) means "not given" and is rightly accepted.
        goodsValue: fc.oneof(
          badCents.filter((v) => JSON.stringify(v) !== 'null'),
          fc.constantFrom('-5', '0', 'forty', '1e3', '5000000000'),
        ),
      },
    },
  },
  {
    name: 'send acknowledgment',
    path: '/api/admin/donors/cus_nobody/acknowledgments',
    admin: true,
    spec: {
      valid: { giftKind: 'card', giftId: 'ch_123' },
      required: ['giftKind', 'giftId'],
      bad: {
        giftKind: fc.oneof(nonString, fc.constantFrom('', 'Card', 'wire', 'card ')),
        giftId: fc.oneof(
          nonString,
          fc.constantFrom('', 'ch_', 'cus_123', "ch_1' OR '1'='1", `ch_${'a'.repeat(251)}`, '1234-5678'),
        ),
      },
    },
  },
];

describe('bad bodies on every endpoint that takes one: 4xx with a message, nothing written', () => {
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({
      emulator: false,
      workers: 0,
      env: { STRIPE_API_BASE: 'http://127.0.0.1:9', TRUST_PROXY: '1' },
    });
    ({ token } = await signIn(stack));
  });
  afterAll(() => stack.stop());

  let ip = 0;
  const post = (path: string, admin: boolean) => {
    // A fresh client address per request keeps the per-IP throttles out of the way of the property.
    const req = request(stack.apiUrl)
      .post(path)
      .set('X-Forwarded-For', `203.0.113.${(ip++ % 250) + 1}`);
    return admin ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const expect4xx = (res: request.Response, what: string) => {
    if (res.status < 400 || res.status > 499 || !messageOf(res.body)) {
      throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    }
  };

  it.each(SPECS)(
    '$name: invalid JSON bodies',
    async ({ path, admin, spec }) => {
      const before = await tableCounts(stack);
      await fc.assert(
        fc.asyncProperty(invalidBody(spec), async (body) => {
          const res = await post(path, admin).set('Content-Type', 'application/json').send(JSON.stringify(body));
          expect4xx(res, JSON.stringify(body).slice(0, 300));
        }),
        { numRuns: RUNS },
      );
      expect(await tableCounts(stack)).toEqual(before);
    },
    120000,
  );

  // Counterexamples fast-check found once, kept so they are tried on every run.
  it.each([
    [
      '/api/donation',
      false,
      { ...donor, frequency: null, amount: '50', paymentIntentId: 'pi_123', recordToken: 'A'.repeat(43) },
    ],
    ['/api/create-payment-intent', false, { amount: 5000, donationData: { ...donor, frequency: null } }],
    ['/api/create-payment-intent', false, { amount: 5000, donationData: donor, toString: [] }],
    ['/api/stripe/customers', true, { name: 'Jane Doe', email: 'jane@example.org', constructor: null }],
    ['/api/admin/password-reset/request', false, { email: 'nobody@example.org', hasOwnProperty: 1 }],
    // Nest's ValidationPipe deletes a `prototype` key before validating, so it was dropped, not refused.
    ['/api/admin/password-reset/request', false, { email: 'nobody@example.org', prototype: [] }],
    [
      '/api/admin/manual-donations',
      true,
      JSON.parse(
        '{"donorName":"A","amount":"5","donationType":"cash","donationDate":"2026-01-02","__proto__":{"x":1}}',
      ),
    ],
    [
      '/api/admin/manual-donations',
      true,
      { donorName: 'A\u0000B', amount: '5', donationType: 'cash', donationDate: '2026-01-02' },
    ],
    [
      '/api/donation',
      false,
      { ...donor, firstName: 'Ada\u0000', amount: '50', paymentIntentId: 'pi_123', recordToken: 'A'.repeat(43) },
    ],
    // 6 kB of [[[...]]] overflowed class-transformer's stack: a 500 with the stack trace in the log.
    ['/api/admin/login', false, deepJson(3000, ['['])],
    ['/api/create-payment-intent', false, `{"amount":5000,"donationData":${deepJson(3000, ['{"firstName":'])}}`],
  ] as [string, boolean, unknown][])('known counterexample on %s', async (path, admin, body) => {
    const before = await tableCounts(stack);
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    expect4xx(await post(path, admin).set('Content-Type', 'application/json').send(text), text.slice(0, 300));
    expect(await tableCounts(stack)).toEqual(before);
  });

  it.each(SPECS)(
    '$name: JSON nested deeper than the limit, as the whole body or inside a field',
    async ({ path, admin, spec }) => {
      const before = await tableCounts(stack);
      const fields = Object.keys(spec.valid);
      const nested = fc.record({
        // Just past the limit up to tens of thousands of levels (a few kB to ~90 kB), as an attacker sends them.
        depth: fc.oneof(fc.integer({ min: API_JSON_DEPTH_LIMIT + 1, max: 40 }), fc.integer({ min: 1000, max: 14000 })),
        pattern: fc.array(fc.constantFrom('[', '{"a":', '{"__proto__":', '[1,'), { minLength: 1, maxLength: 4 }),
        field: fc.option(fc.constantFrom(...fields), { nil: undefined }),
      });
      await fc.assert(
        fc.asyncProperty(nested, async ({ depth, pattern, field }) => {
          const inner = deepJson(depth, pattern);
          const body =
            field === undefined
              ? inner
              : JSON.stringify({ ...spec.valid, [field]: '\u0001' }).replace('"\\u0001"', inner);
          const res = await post(path, admin).set('Content-Type', 'application/json').send(body);
          expect4xx(res, `depth ${depth} ${pattern.join('')} in ${field ?? 'the body'} (${body.length} bytes)`);
          if (body.length <= 100 * 1024) expect(res.body.message).toBe(tooDeepMessage(API_JSON_DEPTH_LIMIT));
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
      expect(await tableCounts(stack)).toEqual(before);
    },
    120000,
  );

  it('still takes bodies nested up to the limit (the limit is not an off-by-one)', async () => {
    const res = await post('/api/admin/login', false)
      .set('Content-Type', 'application/json')
      .send(`{"email":"nobody@example.org","password":${deepJson(API_JSON_DEPTH_LIMIT - 1, ['['])}}`);
    expect(res.status).toBe(400);
    expect(res.body.message).not.toBe(tooDeepMessage(API_JSON_DEPTH_LIMIT));
    expect(res.body.message).toMatch(/password/);
  });

  it.each(SPECS)(
    '$name: bodies that are not objects, not JSON, truncated, or of another content type',
    async ({ path, admin, spec }) => {
      const before = await tableCounts(stack);
      const raw = JSON.stringify(spec.valid);
      const variants = fc.oneof(
        notAnObject.map((v) => ({ type: 'application/json', body: JSON.stringify(v) })),
        fc.integer({ min: 1, max: raw.length - 1 }).map((n) => ({ type: 'application/json', body: raw.slice(0, n) })),
        fc
          .constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
          )
          .map((type) => ({ type, body: raw })),
        fc
          .string({ maxLength: 50 })
          .filter((s) => {
            try {
              JSON.parse(s);
              return false;
            } catch {
              return true;
            }
          })
          .map((s) => ({ type: 'application/json', body: s })),
      );
      await fc.assert(
        fc.asyncProperty(variants, async ({ type, body }) => {
          const res = await post(path, admin).set('Content-Type', type).send(body);
          expect4xx(res, `${type} ${body.slice(0, 200)}`);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
      expect(await tableCounts(stack)).toEqual(before);
    },
    120000,
  );
});
