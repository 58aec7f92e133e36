import fc from 'fast-check';
import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { buildEvent, postEvent, readModelChecksums, waitForProjection } from '../helpers/events.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { hostileString, messageOf, tableCounts } from '../helpers/bad-values.js';
import { donorEventStream } from '../helpers/donor-events.js';

/**
 * Every query and path parameter of the admin API, fuzzed with fast-check (hostile text, unicode, huge values,
 * repeated and bracketed keys, unknown keys) and then hit with a list of SQL injection strings: never a 5xx, a
 * 4xx always carries a message, and no table changes (row counts and the checksum of every read-model table).
 */
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 80);

const SQL_INJECTION = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE donors; --",
  '"; DROP TABLE charges; --',
  '1; DELETE FROM manual_donations',
  "' UNION SELECT id, email, password_hash FROM admins --",
  "1' AND pg_sleep(3) --",
  "'||(SELECT pg_sleep(3))||'",
  '%',
  '_',
  '%%',
  '\\',
  "\\'",
  '$$; DROP TABLE donors; $$',
  '2026) OR (1=1',
  "cus_x' OR 'a'='a",
  '1 OR 1=1',
  '-1 UNION SELECT 1',
  "2026-01-01' OR '1'='1",
  'all; DROP TABLE audit_log',
  '\u0000',
  "admin'--",
  "' AND 1=(SELECT count(*) FROM admins) --",
];

describe('bad query and path parameters, and SQL injection, on the admin API', () => {
  let stack: Stack;
  let token: string;
  let donorId: string;
  const state = async () => ({ counts: await tableCounts(stack), models: await readModelChecksums(stack) });

  beforeAll(async () => {
    stack = await startStack({ emulator: false, env: { STRIPE_API_BASE: 'http://127.0.0.1:9' } });
    ({ token } = await signIn(stack));
    const events = donorEventStream({ donors: 8, tag: 'q' });
    for (const e of events) await postEvent(stack, e).expect(200);
    await waitForProjection(stack, { minEvents: events.length });
    donorId = (events[0].data.object as { id: string }).id;
    await authed(stack, token)
      .post('/api/admin/manual-donations')
      .send({
        donorName: 'Offline Giver',
        amount: '300.00',
        donationType: 'check',
        donationDate: '2026-01-15',
        stripeCustomerId: donorId,
      })
      .expect(201);
    await postEvent(stack, buildEvent('plan.created', { id: 'plan_x', object: 'plan' })).expect(200);
    await waitForProjection(stack);
  });
  afterAll(() => stack.stop());

  const get = (path: string) => authed(stack, token).get(path).timeout(15000);
  const check = (res: request.Response, what: string) => {
    if (res.status >= 500 || (res.status >= 400 && !messageOf(res.body)))
      throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  };

  const value = fc.oneof(
    hostileString.filter((s) => s.length < 6000),
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '101',
      '1e3',
      'NaN',
      '99999999999999999999',
      '2026-02-30',
      '9999-99-99',
      'custom',
      'all',
      'last-7-days',
    ),
  );
  /** A raw query string: known and unknown keys, repeated keys, bracket syntax. */
  const queryString = (keys: string[]) =>
    fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...keys),
            fc.constantFrom(...keys).map((k) => `${k}[]`),
            fc.constantFrom(...keys).map((k) => `${k}[a]`),
            fc.string({ minLength: 1, maxLength: 8 }),
          ),
          value,
        ),
        { maxLength: 4 },
      )
      .map((pairs) =>
        pairs
          .map(
            ([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`,
          )
          .join('&'),
      );

  it('GET /api/stripe/customers with any query: never a 5xx, nothing changes', async () => {
    const before = await state();
    await fc.assert(
      fc.asyncProperty(queryString(['page', 'pageSize', 'q']), async (qs) =>
        check(await get(`/api/stripe/customers?${qs}`), qs),
      ),
      // A page past 2^53 once passed validation and overflowed the SQL offset (a 500): always tried since.
      { numRuns: RUNS, examples: [['page=184467440737095520'], ['page=1e17&pageSize=100']] },
    );
    expect(await state()).toEqual(before);
  }, 120000);

  it('GET /api/stripe/customer/:id/transactions with any id and query: never a 5xx, nothing changes', async () => {
    const before = await state();
    const id = fc.oneof(fc.constant(donorId), value.map(encodeURIComponent));
    await fc.assert(
      fc.asyncProperty(id, queryString(['timeframe', 'start_date', 'end_date']), async (cid, qs) => {
        check(await get(`/api/stripe/customer/${cid}/transactions?${qs}`), `${cid} ${qs}`);
      }),
      { numRuns: RUNS },
    );
    expect(await state()).toEqual(before);
  }, 120000);

  it('path parameters of donors, manual gifts and tax exports: never a 5xx, nothing changes', async () => {
    const before = await state();
    const seg = value.filter((v) => v !== donorId).map(encodeURIComponent);
    await fc.assert(
      fc.asyncProperty(seg, seg, async (a, b) => {
        check(await get(`/api/stripe/customer/${a}`), `customer ${a}`);
        check(await authed(stack, token).delete(`/api/stripe/customer/${a}`), `delete customer ${a}`);
        check(await authed(stack, token).delete(`/api/admin/manual-donations/${a}`), `delete manual ${a}`);
        check(await get(`/api/admin/tax-exports/bulk-report/${a}`), `bulk ${a}`);
        check(await get(`/api/admin/tax-exports/irs-receipts/${a}`), `irs ${a}`);
        check(await get(`/api/admin/tax-exports/year-end/${a}/${b}`), `year-end ${a} ${b}`);
        check(await get(`/api/admin/tax-exports/year-end/${donorId}/${b}`), `year-end donor ${b}`);
        check(await get(`/api/admin/donors/${a}/messages`), `messages ${a}`);
        check(await get(`/api/admin/tax-exports/statements/${a}`), `statements ${a}`);
        check(await get(`/api/admin/tax-exports/statements/${a}/postal`), `postal statements ${a}`);
        check(await get(`/api/admin/tax-exports/years/${a}`), `years ${a}`);
        check(
          await authed(stack, token).post(`/api/admin/tax-exports/statements/${a}/resend/${b}`),
          `resend statement ${a} ${b}`,
        );
        check(await authed(stack, token).post(`/api/admin/mail/${a}/retry`), `retry mail ${a}`);
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    // Downloads are audited (export.downloaded); that is the only write a GET may cause.
    const after = await state();
    expect({ ...after, counts: { ...after.counts, audit_log: before.counts.audit_log } }).toEqual(before);
  }, 180000);

  it.each(SQL_INJECTION)(
    'SQL injection %j in every search and filter parameter changes nothing and matches nothing',
    async (payload) => {
      const before = await state();
      const p = encodeURIComponent(payload);
      const search = await get(`/api/stripe/customers?q=${p}`);
      if (payload.includes('\u0000')) {
        expect({ status: search.status, message: messageOf(search.body) }).toEqual({
          status: 400,
          message: 'q must not contain NUL characters',
        });
      } else {
        expect(search.status).toBe(200);
        expect(search.body.customers).toEqual([]);
        expect(search.body.total).toBe(0);
      }
      let slowest = 0;
      for (const path of [
        `/api/stripe/customers?page=${p}`,
        `/api/stripe/customers?pageSize=${p}`,
        `/api/stripe/customer/${p}`,
        `/api/stripe/customer/${p}/transactions`,
        `/api/stripe/customer/${donorId}/transactions?timeframe=${p}`,
        `/api/stripe/customer/${donorId}/transactions?start_date=${p}&end_date=2026-12-31`,
        `/api/stripe/customer/${donorId}/transactions?start_date=2026-01-01&end_date=${p}`,
        `/api/admin/tax-exports/bulk-report/${p}`,
        `/api/admin/tax-exports/irs-receipts/${p}`,
        `/api/admin/tax-exports/year-end/${p}/2026`,
        `/api/admin/tax-exports/year-end/${donorId}/${p}`,
        `/api/admin/donors/${p}/messages`,
        `/api/admin/tax-exports/statements/${p}`,
        `/api/admin/tax-exports/years/${p}`,
      ]) {
        const t = Date.now();
        const res = await get(path);
        slowest = Math.max(slowest, Date.now() - t);
        check(res, path);
      }
      check(await authed(stack, token).delete(`/api/stripe/customer/${p}`), 'delete');
      check(await authed(stack, token).delete(`/api/admin/manual-donations/${p}`), 'delete manual');
      check(await authed(stack, token).post(`/api/admin/mail/${p}/retry`), 'retry mail');
      check(await authed(stack, token).post(`/api/admin/tax-exports/statements/2026/resend/${p}`), 'resend statement');
      // The pg_sleep payloads did not run: no request took the 3 seconds they ask for.
      expect(slowest).toBeLessThan(2900);
      const after = await state();
      expect({ ...after, counts: { ...after.counts, audit_log: before.counts.audit_log } }).toEqual(before);
    },
    60000,
  );
});
