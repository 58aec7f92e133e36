import request from 'supertest';
import type { Stack } from './stack.js';

/** Shared by the suites of the donors' own page's API (test/integration/my-giving*.test.ts, donor-identity). */

/** The donor's calls with their session token: `donorAs(stack, token).get('/api/my-giving')`. */
export function donorAs(stack: Stack, token: string) {
  return {
    get: (path: string) => request(stack.apiUrl).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}) =>
      request(stack.apiUrl).post(path).set('Authorization', `Bearer ${token}`).send(body),
  };
}

/** Forgets the link-request counters (every request of a test file comes from one address). */
export async function clearLinkLimits(stack: Stack): Promise<void> {
  const keys = await stack.redis.keys(`${stack.env.REDIS_PREFIX}:my-giving:*`);
  if (keys.length) await stack.redis.del(...keys);
}
