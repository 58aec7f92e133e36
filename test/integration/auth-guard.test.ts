import request from 'supertest';
import { authed, createAdmin, signIn } from '../helpers/admin.js';
import {
  concrete,
  protectedRoutes as protectedRouteList,
  PUBLIC_ROUTES,
  scanRoutes,
  type ScannedRoute,
} from '../helpers/admin-routes.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** The scan must find at least this many protected routes, so it cannot pass by finding none. */
const MIN_PROTECTED = 3;

/** Owners and bookkeepers: every financial route (an editor gets 403 on each). */
const BOTH = ['owner', 'bookkeeper'] as const;
const OWNER = ['owner'] as const;
/** The public site's content: owners and website editors. */
const WEBSITE = ['owner', 'editor'] as const;
/** Every role: only the admin's own account. */
const EVERY = ['owner', 'bookkeeper', 'editor'] as const;
type Role = (typeof EVERY)[number];
/**
 * The role decision of every protected route: who may call it. A route the app has and this table lacks fails
 * the test (decide its roles, then add it here); so does a line for a route the app no longer has.
 */
const ROLES: Record<string, readonly Role[]> = {
  // The admin's own account.
  'GET /api/admin/me': EVERY,
  'POST /api/admin/logout': EVERY,
  'POST /api/admin/change-password': EVERY,
  'POST /api/admin/logout-everywhere': EVERY,
  'GET /api/admin/account/two-factor': EVERY,
  'POST /api/admin/account/two-factor/setup': EVERY,
  'POST /api/admin/account/two-factor/confirm': EVERY,
  'GET /api/admin/account/sessions': EVERY,
  'DELETE /api/admin/account/sessions/:sessionId': EVERY,
  // Reading, manual gifts, exports and statements.
  'GET /api/stripe/analytics': BOTH,
  'GET /api/stripe/fiscal-year': BOTH,
  'GET /api/stripe/customers': BOTH,
  'POST /api/stripe/customers': BOTH,
  'GET /api/stripe/customer/:id': BOTH,
  'GET /api/stripe/customer/:id/transactions': BOTH,
  'PATCH /api/stripe/customer/:id': BOTH,
  'GET /api/stripe/customer/:id/merges/preview': BOTH,
  'POST /api/stripe/customer/:id/merges': BOTH,
  'GET /api/stripe/customer/:id/merges': BOTH,
  'POST /api/stripe/customer/:id/merges/:mergeId/undo': BOTH,
  'GET /api/stripe/payment-intents': BOTH,
  'GET /api/stripe/transactions': BOTH,
  'GET /api/stripe/transactions/export': BOTH,
  'GET /api/stripe/retention': BOTH,
  'GET /api/stripe/retention/lapsed': BOTH,
  'GET /api/stripe/retention/lapsed/export': BOTH,
  'POST /api/admin/manual-donations': BOTH,
  'DELETE /api/admin/manual-donations/:id': BOTH,
  // Importing donors and past gifts from a CSV: bulk manual gifts, which the bookkeeper already records one by one.
  'POST /api/admin/donor-imports': BOTH,
  'POST /api/admin/donor-imports/:id/preview': BOTH,
  'GET /api/admin/donor-imports/:id/rows': BOTH,
  'POST /api/admin/donor-imports/:id/import': BOTH,
  'GET /api/admin/tax-exports/refunds/:year': BOTH,
  'GET /api/admin/tax-exports/bulk-report/:year': BOTH,
  'GET /api/admin/tax-exports/irs-receipts/:year': BOTH,
  'GET /api/admin/tax-exports/year-end/:customerId/:year': BOTH,
  'GET /api/admin/audit': BOTH,
  'GET /api/admin/audit/filters': BOTH,
  'GET /api/admin/audit/export': BOTH,
  'GET /api/admin/payouts': BOTH,
  'GET /api/admin/payouts/:id': BOTH,
  'GET /api/admin/payouts/:id/export': BOTH,
  'GET /api/stripe/month-end': BOTH,
  'GET /api/stripe/month-end/export': BOTH,
  'GET /api/stripe/month-end/pdf': BOTH,
  'GET /api/admin/donors/:customerId/export': BOTH,
  'GET /api/admin/operations': BOTH,
  // Donor mail: a donor's messages, Send/Resend, failed mail, statements by e-mail (the switch is a setting).
  'GET /api/admin/acknowledgments/setting': BOTH,
  'GET /api/admin/donors/:customerId/messages': BOTH,
  'POST /api/admin/donors/:customerId/acknowledgments': BOTH,
  'GET /api/admin/mail': BOTH,
  'POST /api/admin/mail/:id/retry': BOTH,
  'GET /api/admin/tax-exports/statements/:year': BOTH,
  'POST /api/admin/tax-exports/statements/:year/send': BOTH,
  'POST /api/admin/tax-exports/statements/:year/resend/:customerId': BOTH,
  'GET /api/admin/tax-exports/statements/:year/postal': BOTH,
  'GET /api/admin/tax-exports/years/:customerId': BOTH,
  // Recurring plans: every role sees them, and a bookkeeper who takes a donor's call may cancel or pause the
  // donor's own gift (audited): it is the donor's decision, not a change to the school's money or accounts.
  'GET /api/admin/recurring/summary': BOTH,
  'GET /api/admin/recurring/plans': BOTH,
  'GET /api/admin/donors/:customerId/plans': BOTH,
  'POST /api/admin/recurring/plans/:id/cancel': BOTH,
  'POST /api/admin/recurring/plans/:id/pause': BOTH,
  'POST /api/admin/recurring/plans/:id/resume': BOTH,
  // Funds: every role reads them (filters, the manual-gift form); owners define them.
  'GET /api/admin/funds': BOTH,
  'GET /api/admin/appeals': BOTH,
  'POST /api/admin/appeals': BOTH,
  'GET /api/admin/appeals/:id': BOTH,
  'PATCH /api/admin/appeals/:id': BOTH,
  'POST /api/admin/appeals/:id/publish': BOTH,
  'POST /api/admin/appeals/:id/end': BOTH,
  'POST /api/admin/appeals/:id/archive': BOTH,
  'PATCH /api/admin/transactions/:id/appeal': BOTH,
  'GET /api/admin/appeals/:id/qr.png': BOTH,
  'GET /api/admin/appeals/:id/qr.svg': BOTH,
  'GET /api/admin/appeal-reports': BOTH,
  'GET /api/admin/appeal-reports/:id': BOTH,
  'GET /api/admin/appeal-reports/:id/pdf': BOTH,
  'GET /api/stripe/funds/totals': BOTH,
  // The Website section: owners and editors (never bookkeepers, who edit no content).
  'GET /api/admin/website/pages': WEBSITE,
  'PUT /api/admin/website/pages/:page/draft': WEBSITE,
  'DELETE /api/admin/website/pages/:page/draft': WEBSITE,
  'POST /api/admin/website/pages/:page/publish': WEBSITE,
  'GET /api/admin/website/pages/:page/revisions': WEBSITE,
  'POST /api/admin/website/pages/:page/revisions/:revisionId/restore': WEBSITE,
  // Owners only: deleting and erasing donors, admins, settings.
  'DELETE /api/stripe/customer/:id': OWNER,
  'POST /api/admin/donors/:customerId/erase': OWNER,
  'GET /api/admin/admins': OWNER,
  'POST /api/admin/admins': OWNER,
  'PATCH /api/admin/admins/:id': OWNER,
  'POST /api/admin/admins/:id/disable': OWNER,
  'POST /api/admin/admins/:id/enable': OWNER,
  'POST /api/admin/admins/:id/resend-invite': OWNER,
  'POST /api/admin/admins/:id/reset-two-factor': OWNER,
  'GET /api/admin/admins/:id/sessions': OWNER,
  'DELETE /api/admin/admins/:id/sessions/:sessionId': OWNER,
  'POST /api/admin/admins/:id/logout-everywhere': OWNER,
  'GET /api/admin/settings': OWNER,
  'PATCH /api/admin/settings': OWNER,
  'POST /api/admin/funds': OWNER,
  'PATCH /api/admin/funds/:id': OWNER,
  'POST /api/admin/operations/jobs/:queue/:jobId/retry': OWNER,
  'POST /api/admin/operations/events/replay-failed': OWNER,
  'POST /api/admin/operations/events/:eventId/replay': OWNER,
  // The Website section's photos.
  'GET /api/admin/website/photos': WEBSITE,
  'POST /api/admin/website/photos': WEBSITE,
  'PUT /api/admin/website/photos/order': WEBSITE,
  'PATCH /api/admin/website/photos/:id': WEBSITE,
  'GET /api/admin/website/photos/:id/uses': WEBSITE,
  'DELETE /api/admin/website/photos/:id': WEBSITE,
  // The public site's news and events: owners and editors, never bookkeepers.
  'GET /api/admin/website/news': WEBSITE,
  'GET /api/admin/website/news/:id': WEBSITE,
  'POST /api/admin/website/news': WEBSITE,
  'PATCH /api/admin/website/news/:id': WEBSITE,
  'DELETE /api/admin/website/news/:id': WEBSITE,
  'GET /api/admin/website/events': WEBSITE,
  'GET /api/admin/website/events/:id': WEBSITE,
  'POST /api/admin/website/events': WEBSITE,
  'PATCH /api/admin/website/events/:id': WEBSITE,
  'DELETE /api/admin/website/events/:id': WEBSITE,
};
/** Routes that end the caller's session: called last, each with a session of its own. */
const SIGN_OUT = ['POST /api/admin/logout', 'POST /api/admin/logout-everywhere', 'POST /api/admin/change-password'];

describe('the admin guard covers every /api/admin and /api/stripe route (found by scanning the router)', () => {
  let stack: Stack;
  let protectedRoutes: ScannedRoute[];
  let allRoutes: ScannedRoute[];
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    allRoutes = scanRoutes(stack);
    protectedRoutes = protectedRouteList(stack);
  });
  afterAll(() => stack.stop());

  const send = (r: ScannedRoute, token?: string) => {
    const agent = request(stack.apiUrl) as unknown as Record<string, (url: string) => request.Test>;
    const req = agent[r.method.toLowerCase()](concrete(r.path));
    if (token) req.set('Authorization', `Bearer ${token}`);
    return r.method === 'GET' || r.method === 'HEAD' || r.method === 'DELETE' ? req : req.send({});
  };

  const expect401 = async (label: string, token?: string) => {
    const wrong: string[] = [];
    for (const r of protectedRoutes) {
      const res = await send(r, token);
      if (res.status !== 401) wrong.push(`${r.method} ${r.path} -> ${res.status} (${label})`);
    }
    expect(wrong).toEqual([]);
  };

  it('finds the routes, including the protected admin ones', () => {
    const names = protectedRoutes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(['GET /api/admin/me', 'POST /api/admin/logout']));
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(MIN_PROTECTED);
    expect(allRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/admin/login', 'GET /api/health']),
    );
  });

  it('each protected route answers 401 with no token, a malformed one or an unknown one', async () => {
    await expect401('no token');
    await expect401('malformed token', 'abc');
    await expect401('unknown token', 'x'.repeat(43));
  });

  it('each protected route answers 401 with a revoked token', async () => {
    const { token, admin } = await signIn(stack);
    await authed(stack, token).get('/api/admin/me').expect(200);
    await stack.db.query(`UPDATE admin_sessions SET revoked_at = now() WHERE admin_id = $1`, [admin.id]);
    await expect401('revoked', token);
  });

  it('each protected route answers 401 with an idle-expired token', async () => {
    const { token, admin } = await signIn(stack);
    await stack.db.query(
      `UPDATE admin_sessions SET idle_expires_at = now() - interval '1 second' WHERE admin_id = $1`,
      [admin.id],
    );
    await expect401('idle-expired', token);
  });

  it('each protected route answers 401 with an absolute-expired token (even while idle time is left)', async () => {
    const { token, admin } = await signIn(stack);
    await stack.db.query(
      `UPDATE admin_sessions SET absolute_expires_at = now() - interval '1 second', idle_expires_at = now() + interval '20 minutes' WHERE admin_id = $1`,
      [admin.id],
    );
    await expect401('absolute-expired', token);
  });

  it('each protected route lets a live token past the guard (no 401)', async () => {
    const { token } = await signIn(stack);
    const wrong: string[] = [];
    // Signing out (here or everywhere) would end the session the remaining routes are called with.
    for (const r of protectedRoutes.filter(
      (x) => !['/api/admin/logout', '/api/admin/logout-everywhere'].includes(x.path),
    )) {
      const res = await send(r, token);
      if (res.status === 401) wrong.push(`${r.method} ${r.path}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the public exceptions answer without a session, and no other spelling of a protected path gets past', async () => {
    const api = request(stack.apiUrl);
    await api.post('/api/admin/login').send({}).expect(400);
    await api.post('/api/admin/password-reset/confirm').send({}).expect(400);
    await api.get('/api/admin/me/').expect(401);
    await api.get('/api//admin/me').expect((res) => expect(res.status === 401 || res.status === 404).toBe(true));
    // Other spellings either reach the guard (401) or match no API route (the web app's HTML); never admin data.
    for (const path of ['/API/ADMIN/ME', '/Api/Admin/Me/', '/api/%61dmin/me']) {
      const res = await api.get(path);
      expect(res.status === 401 || res.status !== 200 || !/json/.test(res.type)).toBe(true);
    }
    await api.get('/api/health').expect((res) => expect(res.status).not.toBe(401));
  });
});

describe('every admin route has a role decision, enforced for owners, bookkeepers and editors alike', () => {
  let stack: Stack;
  let routes: string[];
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    routes = scanRoutes(stack)
      .map((r) => `${r.method} ${r.path}`)
      .filter((name) => /^\S+ \/api\/(admin|stripe)(\/|$)/i.test(name) && !PUBLIC_ROUTES.has(name));
  });
  afterAll(() => stack.stop());

  it('lists every protected route the app has, and no route it does not have', () => {
    expect(routes.filter((r) => !(r in ROLES))).toEqual([]);
    expect(Object.keys(ROLES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it.each(EVERY)('as %s: 403 exactly where the role is not allowed, never 401', async (role) => {
    const { token } = await signIn(stack, await createAdmin(stack, { role }));
    const wrong: string[] = [];
    const call = async (name: string, t: string) => {
      const [method, path] = name.split(' ');
      const agent = request(stack.apiUrl) as unknown as Record<string, (url: string) => request.Test>;
      const req = agent[method.toLowerCase()](concrete(path)).set('Authorization', `Bearer ${t}`);
      const res = await (method === 'GET' || method === 'DELETE' ? req : req.send({}));
      const allowed = ROLES[name].includes(role);
      if (res.status === 401 || (allowed ? res.status === 403 : res.status !== 403))
        wrong.push(`${name} -> ${res.status}`);
      if (!allowed && res.body.message !== `Your role (${role}) does not allow this. Ask an owner.`)
        wrong.push(`${name}: ${res.body.message}`);
    };
    for (const name of routes.filter((r) => !SIGN_OUT.includes(r))) await call(name, token);
    for (const name of routes.filter((r) => SIGN_OUT.includes(r))) {
      const { token: own } = await signIn(stack, await createAdmin(stack, { role }));
      await call(name, own);
    }
    expect(wrong).toEqual([]);
  });
});
