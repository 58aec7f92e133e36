import type { Logger } from 'pino';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import { loadEnv } from '../../core/src/config/load-env.js';
import type { EnvDto } from '../../core/src/config/env.dto.js';
import { createApiApp } from '../../api/src/create-api-app.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { createWorker } from '../../worker/src/create-worker.js';
import { startEmulator, type StripeEmulator } from '../../dev/stripe-emulator/src/index.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { TEST_REDIS_URL } from './services.js';
import { REQUIRE_TWO_FACTOR } from '../../core/src/settings/admin-settings.js';
import { settings } from '../../core/src/settings/settings.repository.js';

export const TEST_WEBHOOK_SECRET = 'whsec_test_integration_secret';

export interface StackOptions {
  /** Start the Stripe emulator (default true). */
  emulator?: boolean;
  /** How many in-process workers to start (default 1; 0 for none). */
  workers?: number;
  /** Extra or overriding environment variables. */
  env?: Record<string, string>;
  /**
   * Require two-factor sign-in of every admin (the default of a new install). Off unless asked: the suites of
   * other features sign in with a password; the two-factor suites turn it on.
   */
  requireTwoFactor?: boolean;
  /** The logger of the API and the workers (default: createLogger at LOG_LEVEL); a test reads the log lines through one. */
  logger?: Logger;
  /** The API's port (default: any free one). */
  port?: number;
}

export interface Stack {
  db: TestDatabase;
  env: EnvDto;
  rawEnv: Record<string, string>;
  api: NestExpressApplication;
  apiUrl: string;
  emulator?: StripeEmulator;
  workers: INestApplicationContext[];
  redis: Redis;
  startWorker(): Promise<INestApplicationContext>;
  stop(): Promise<void>;
}

/**
 * Real parts for one test file: its own migrated database, its own Redis key prefix, the Stripe emulator,
 * the API listening on a free port and in-process worker(s). Nothing is mocked.
 */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const db = await createTestDatabase();
  await settings.write(db, REQUIRE_TWO_FACTOR, opts.requireTwoFactor ?? false, null);
  const prefix = `t${randomBytes(5).toString('hex')}`;
  const emulator =
    opts.emulator === false
      ? undefined
      : await startEmulator({ port: 0, webhookSecret: TEST_WEBHOOK_SECRET, retryBaseMs: 50 });
  const rawEnv: Record<string, string> = {
    DATABASE_URL: db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    STRIPE_SECRET_KEY: emulator?.secretKey ?? 'sk_test_integration',
    STRIPE_PUBLISHABLE_KEY: emulator?.publishableKey ?? 'pk_test_integration',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...(emulator ? { STRIPE_API_BASE: emulator.url, STRIPE_JS_URL: `${emulator.url}/js/v3` } : {}),
    PUBLIC_URL: 'http://127.0.0.1:3000',
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RELAY_GRACE_SECONDS: '2',
    TWO_FACTOR_KEY: randomBytes(32).toString('base64'),
    ...opts.env,
  };
  const env = loadEnv(rawEnv);
  const logger = opts.logger ?? createLogger(env.LOG_LEVEL, 'test');
  const api = await createApiApp(env, logger);
  await api.listen(opts.port ?? 0, '127.0.0.1');
  const port = (api.getHttpServer().address() as AddressInfo).port;
  const apiUrl = `http://127.0.0.1:${port}`;
  emulator?.setWebhookUrls([`${apiUrl}/api/stripe/webhook`]);

  const workers: INestApplicationContext[] = [];
  const startWorker = async () => {
    const w = await createWorker(env, logger);
    workers.push(w);
    return w;
  };
  for (let i = 0; i < (opts.workers ?? 1); i++) await startWorker();
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });

  return {
    db,
    env,
    rawEnv,
    api,
    apiUrl,
    emulator,
    workers,
    redis,
    startWorker,
    stop: async () => {
      for (const w of workers) await w.close().catch(() => undefined);
      await api.close().catch(() => undefined);
      await emulator?.stop().catch(() => undefined);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await db.drop();
    },
  };
}
