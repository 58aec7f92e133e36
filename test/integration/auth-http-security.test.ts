import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('HTTP hardening around the admin API', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0, env: { STRIPE_JS_URL: 'http://127.0.0.1:12111/js/v3' } });
  });
  afterAll(() => stack.stop());

  it('sends security headers with a CSP that allows Stripe.js (here the emulator origin) and nothing else outside', async () => {
    const res = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: 'a@example.org', password: 'Wrong-Password-1' });
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:12111/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer'); // the reset link's token never leaves in a Referer
    expect(res.headers['x-frame-options']).toBe('DENY'); // agrees with CSP frame-ancestors 'none'
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("lets only the Website section's own preview frame a page, and says so in both headers", async () => {
    const page = await request(stack.apiUrl).get('/contact');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const preview = await request(stack.apiUrl).get('/contact?site-preview=1&w=390');
    expect(preview.status).toBe(200);
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps CORS closed: no Access-Control-Allow-Origin for a foreign origin, even on a preflight', async () => {
    const simple = await request(stack.apiUrl)
      .post('/api/admin/login')
      .set('Origin', 'https://evil.example')
      .send({ email: 'a@example.org', password: 'x' });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await request(stack.apiUrl)
      .options('/api/admin/me')
      .set('Origin', 'https://evil.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
  });

  it('marks admin answers no-store and asks for a bearer token on 401', async () => {
    const { token } = await signIn(stack);
    const ok = await authed(stack, token).get('/api/admin/me').expect(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const denied = await request(stack.apiUrl).get('/api/admin/me').expect(401);
    expect(denied.headers['www-authenticate']).toBe('Bearer');
    expect(denied.headers['cache-control']).toBe('no-store');
  });

  it('refuses an oversized JSON body with 413, not 500', async () => {
    const res = await request(stack.apiUrl)
      .post('/api/admin/login')
      .send({ email: 'a@example.org', password: 'x'.repeat(200_000) });
    expect(res.status).toBe(413);
  });

  it('records the socket address, not X-Forwarded-For, when TRUST_PROXY is false', async () => {
    await request(stack.apiUrl)
      .post('/api/admin/login')
      .set('X-Forwarded-For', '203.0.113.77')
      .send({ email: 'xff@example.org', password: 'Wrong-Password-1' })
      .expect(401);
    const [row] = await stack.db.query(`SELECT ip FROM audit_log WHERE email_tried = 'xff@example.org'`);
    expect(row.ip).toMatch(/127\.0\.0\.1/);
  });

  it('never writes passwords or tokens into the audit log', async () => {
    const { token, admin } = await signIn(stack);
    await authed(stack, token).post('/api/admin/logout').expect(200);
    const rows = await stack.db.query(`SELECT row_to_json(a)::text AS j FROM audit_log a`);
    for (const { j } of rows) {
      expect(j).not.toContain(admin.password);
      expect(j).not.toContain(token);
    }
  });
});
