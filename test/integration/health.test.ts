import request from 'supertest';
import { startStack, type Stack } from '../helpers/stack.js';

describe('GET /api/health', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ emulator: false, workers: 0 });
  });
  afterAll(() => stack.stop());

  it('reports database, Redis and queue counts with 200 when all answer', async () => {
    const res = await request(stack.apiUrl).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.database).toMatchObject({ ok: true, unprocessedEvents: 0 });
    expect(res.body.redis.ok).toBe(true);
    expect(res.body.queues['stripe-events']).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
    expect(res.headers['x-request-id']).toMatch(/[\w-]{8,}/);
  });

  it('answers 503 when the database cannot be reached', async () => {
    await stack.db.setReachable(false);
    try {
      const res = await request(stack.apiUrl).get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body.status).toBe('degraded');
      expect(res.body.database.ok).toBe(false);
    } finally {
      await stack.db.setReachable(true);
    }
  });
});
