import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import request from 'supertest';
import { JobProducer } from '../../core/src/queue/job.producer.js';
import { QueueName } from '../../core/src/queue/queue.constants.js';
import { createAdmin } from '../helpers/admin.js';
import { killHard, startService, type ServiceProcess } from '../helpers/faults.js';
import { decodeQuotedPrintable, startSmtpCatcher } from '../helpers/smtp-catcher.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A live reset link is a key to an admin account: it may exist in the e-mail and nowhere else that outlives it.
 * These tests read what the real processes print and everything Redis holds under the stack's prefix.
 */

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every value of every key under the prefix, as one string (strings, hashes, lists, sets, sorted sets, streams). */
async function redisContents(redis: Redis, prefix: string): Promise<string> {
  const parts: string[] = [];
  for (const key of await redis.keys(`${prefix}:*`)) {
    const type = await redis.type(key);
    const value =
      type === 'string'
        ? await redis.get(key)
        : type === 'hash'
          ? await redis.hgetall(key)
          : type === 'list'
            ? await redis.lrange(key, 0, -1)
            : type === 'set'
              ? await redis.smembers(key)
              : type === 'zset'
                ? await redis.zrange(key, 0, -1)
                : type === 'stream'
                  ? await redis.xrange(key, '-', '+')
                  : null;
    parts.push(`${key} ${JSON.stringify(value)}`);
  }
  return parts.join('\n');
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('reset links never reach a log', () => {
  let stack: Stack;
  let api: ServiceProcess | undefined;
  let worker: ServiceProcess | undefined;
  beforeAll(async () => {
    // No SMTP_URL: the real API and worker processes, logging at info (everything but debug) to their stdout.
    stack = await startStack({ emulator: false, workers: 0 });
    [api, worker] = await Promise.all([startService('api', stack.rawEnv), startService('worker', stack.rawEnv)]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([killHard(api), killHard(worker)]);
    await stack?.stop();
  });

  it('with no SMTP configured, a reset request puts no link or token in the API’s or the worker’s output', async () => {
    const admin = await createAdmin(stack);
    await request(api!.url!).post('/api/admin/password-reset/request').send({ email: admin.email }).expect(200);
    await until('the worker to handle the mail job', () => /e-mail not sent/.test(worker!.output()));
    const output = `${api!.output()}\n${worker!.output()}`;
    expect(output).not.toMatch(/reset-password|token=/);
    const stored = (await stack.db.query(`SELECT encode(token_hash, 'hex') AS h FROM password_reset_tokens`)).map(
      (r: { h: string }) => r.h,
    );
    const leaked = (output.match(/[A-Za-z0-9_-]{43}/g) ?? []).filter((candidate) => stored.includes(sha256(candidate)));
    expect(leaked).toEqual([]);
    // The request itself is on record, by address, never by link.
    const [audit] = await stack.db.query(
      `SELECT success FROM audit_log WHERE action = 'admin.password_reset.requested' AND admin_id = $1`,
      [admin.id],
    );
    expect(audit).toEqual({ success: true });
  });
});

describe('reset links never outlive their delivery in Redis', () => {
  it('after delivery, no Redis key holds the token or the link', async () => {
    const smtp = await startSmtpCatcher();
    const stack = await startStack({ emulator: false, workers: 1, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const admin = await createAdmin(stack);
      await request(stack.apiUrl).post('/api/admin/password-reset/request').send({ email: admin.email }).expect(200);
      const [mail] = await smtp.waitFor(admin.email);
      const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(decodeQuotedPrintable(mail.raw))![1];
      const mailQueue = stack.api.get(JobProducer).queue(QueueName.Mail);
      await until('the mail job to complete', async () => (await mailQueue.getJobCounts('completed')).completed === 1);
      const contents = await redisContents(stack.redis, stack.env.REDIS_PREFIX);
      expect(contents).toContain(admin.id);
      expect(contents).not.toContain(token);
      expect(contents).not.toMatch(/reset-password/);
    } finally {
      await stack.stop();
      await smtp.close();
    }
  });

  it('after a permanent failure (the server refuses with 550), none either, and the refusal is not retried', async () => {
    const smtp = await startSmtpCatcher({ refuse: true });
    const stack = await startStack({ emulator: false, workers: 1, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
    try {
      const admin = await createAdmin(stack);
      await request(stack.apiUrl).post('/api/admin/password-reset/request').send({ email: admin.email }).expect(200);
      const mailQueue = stack.api.get(JobProducer).queue(QueueName.Mail);
      await until('the mail job to fail for good', async () => (await mailQueue.getJobCounts('failed')).failed === 1);
      const [job] = await mailQueue.getFailed();
      expect(job.data).toEqual({ kind: 'password-reset', adminId: admin.id });
      expect(job.failedReason).toMatch(/^SMTP refused the message: .*550/);
      expect(smtp.refused).toEqual([admin.email]);
      const contents = await redisContents(stack.redis, stack.env.REDIS_PREFIX);
      expect(contents).not.toMatch(/reset-password|token=/);
    } finally {
      await stack.stop();
      await smtp.close();
    }
  });
});
