import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { createAdmin as createAdminAccount } from '../../api/src/auth/admin-accounts.js';
import type { AdminRole } from '../../api/src/auth/roles.decorator.js';
import type { Stack } from './stack.js';

export const DEFAULT_ADMIN_PASSWORD = 'Correct-Horse-Battery-9';

export interface TestAdmin {
  id: string;
  email: string;
  name: string;
  role: AdminRole;
  password: string;
}

/** Creates an admin in the stack's database through the real account code (argon2id hash, policy, audit row). */
export async function createAdmin(
  stack: Stack,
  opts: { email?: string; name?: string; password?: string; role?: AdminRole } = {},
): Promise<TestAdmin> {
  const email = opts.email ?? `admin-${randomBytes(4).toString('hex')}@example.org`;
  const name = opts.name ?? 'Test Admin';
  const password = opts.password ?? DEFAULT_ADMIN_PASSWORD;
  const admin = await createAdminAccount(stack.db, { email, name, password, role: opts.role });
  return { ...admin, password };
}

/** Creates an admin (or uses the one given) and signs in through POST /api/admin/login. */
export async function signIn(stack: Stack, existing?: TestAdmin): Promise<{ token: string; admin: TestAdmin }> {
  const admin = existing ?? (await createAdmin(stack));
  const res = await request(stack.apiUrl)
    .post('/api/admin/login')
    .send({ email: admin.email, password: admin.password });
  if (res.status !== 200 || typeof res.body.sessionToken !== 'string') {
    throw new Error(`signIn failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { token: res.body.sessionToken, admin };
}

/**
 * supertest with the bearer token set: `authed(stack, token).get('/api/stripe/customers').expect(200)`.
 */
export function authed(stack: Stack, token: string) {
  const agent = request(stack.apiUrl);
  const withToken = <T extends { set(k: string, v: string): T }>(req: T) => req.set('Authorization', `Bearer ${token}`);
  return {
    get: (path: string) => withToken(agent.get(path)),
    post: (path: string) => withToken(agent.post(path)),
    put: (path: string) => withToken(agent.put(path)),
    patch: (path: string) => withToken(agent.patch(path)),
    delete: (path: string) => withToken(agent.delete(path)),
  };
}
