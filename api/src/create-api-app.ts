import 'reflect-metadata';
import express, { type NextFunction, type Request, type Response } from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { ApiModule } from './api.module.js';
import type { EnvDto } from './core/config/env.dto.js';
import { AllExceptionsFilter } from './core/http/all-exceptions.filter.js';
import { requestLogging } from './core/http/request-logging.js';
import { parseTrustProxy, securityHeaders } from './core/http/security.js';
import { createValidationPipe } from './core/http/validation.js';
import { createLogger, PinoNestLogger } from './core/logging/logger.js';
import { mountWebApp } from './web-app/web-app.js';
import { StripeWebhookService } from './webhooks/stripe-webhook.service.js';
import { mountWebhookLane } from './webhooks/webhook-lane.js';

/** Body parsers: small JSON everywhere (the webhook never reaches Express: see webhook-lane.ts). */
function bodyParsers(app: NestExpressApplication): void {
  app.use(express.json({ limit: '100kb' }));
  app.use((err: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    if (err.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body too large', error: 'Request body too large' });
      return;
    }
    if (err.type === 'entity.parse.failed' || err.status === 400) {
      res.status(400).json({ message: 'Malformed JSON body', error: 'Malformed JSON body' });
      return;
    }
    next(err);
  });
}

/** Builds the whole HTTP API (and the static web app) without listening, so tests can boot it in-process. */
export async function createApiApp(env: EnvDto, logger: Logger = createLogger(env.LOG_LEVEL, 'api')): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.forRoot(env, logger), {
    bodyParser: false,
    abortOnError: false,
    logger: new PinoNestLogger(logger),
  });
  app.set('trust proxy', parseTrustProxy(env.TRUST_PROXY));
  app.disable('x-powered-by');
  mountWebhookLane(app.getHttpServer(), app.get(StripeWebhookService), logger);
  app.use(requestLogging(logger));
  app.use(securityHeaders(env));
  bodyParsers(app);
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter(logger));

  const openApi = new DocumentBuilder()
    .setTitle('School website and donations API')
    .setDescription(
      'Public donation endpoints, the Stripe webhook ingest and the admin API. Admin calls need a bearer session token. ' +
        'Amounts: `amount` fields of transactions and records are integer cents; analytics overview and chart values are US dollars.',
    )
    .addBearerAuth()
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi));
  mountWebApp(app, env);
  return app;
}
