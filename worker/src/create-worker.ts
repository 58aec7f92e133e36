import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EnvDto } from '../../core/src/config/env.dto.js';
import { createLogger, PinoNestLogger } from '../../core/src/logging/logger.js';
import { WorkerModule } from './worker.module.js';

/** The worker: a Nest application context with no HTTP server. Tests boot it in-process. */
export async function createWorker(
  env: EnvDto,
  logger: Logger = createLogger(env.LOG_LEVEL, 'worker'),
): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(env, logger), {
    abortOnError: false,
    logger: new PinoNestLogger(logger),
  });
  await app.init();
  return app;
}
