import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/** The only routes under /api/admin and /api/stripe that answer without a session. */
const PUBLIC_ROUTES = new Set([
  'POST /api/admin/login',
  'POST /api/admin/password-reset/request',
  'POST /api/admin/password-reset/confirm',
  'POST /api/stripe/webhook',
]);
/** The scan must find at least this many protected routes, so it cannot pass by finding none. */
const MIN_PROTECTED = 3;

interface ScannedRoute {
  method: string;
  path: string;
}

/** Every route the Express router of the running app knows (Nest registers each handler as one route layer). */
function scanRoutes(stack: Stack): ScannedRoute[] {
  const app = stack.api.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }> } };
  const out: ScannedRoute[] = [];
  for (const layer of app.router.stack) {
    if (!layer.route) continue;
    for (const path of ([] as string[]).concat(layer.route.path)) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return out;
}

/** A concrete URL for a route pattern: parameters get plausible values (Express 5 / path-to-regexp 8 syntax). */
function concrete(path: string): string {
  return path
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/:(\w+)/g, (_, name: string) => (/year/i.test(name) ? '2024' : /customer/i.test(name) ? 'cus_Test123' : '00000000-0000-4000-8000-000000000000'))
    .replace(/\*(\w+)/g, 'x');
}

describe('the admin guard covers every /api/admin and /api/stripe route (found by scanning the router)', () => {
  let stack: Stack;
  let protectedRoutes: ScannedRoute[];
  let allRoutes: ScannedRoute[];
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
    allRoutes = scanRoutes(stack);
    protectedRoutes = allRoutes.filter((r) => /^\/api\/(admin|stripe)(\/|$)/i.test(r.path) && !PUBLIC_ROUTES.has(`${r.method} ${r.path}`));
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
    expect(allRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/admin/login', 'GET /api/health']));
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
    await stack.db.query(`UPDATE admin_sessions SET idle_expires_at = now() - interval '1 second' WHERE admin_id = $1`, [admin.id]);
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
    for (const r of protectedRoutes.filter((x) => x.path !== '/api/admin/logout')) {
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
      expect(res.status === 401 || (res.status !== 200 || !/json/.test(res.type))).toBe(true);
    }
    await api.get('/api/health').expect((res) => expect(res.status).not.toBe(401));
  });
});
