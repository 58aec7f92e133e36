import 'reflect-metadata';
import express, { type NextFunction, type Request, type Response } from 'express';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { ApiModule } from './api.module.js';
import { adminOnly, DOCS_PATHS } from './auth/admin-only-docs.js';
import { SessionService } from './auth/session.service.js';
import type { EnvDto } from '../../core/src/config/env.dto.js';
import { AllExceptionsFilter } from './http/all-exceptions.filter.js';
import { requestLogging } from './http/request-logging.js';
import { parseTrustProxy } from '../../core/src/config/trust-proxy.js';
import { securityHeaders } from './http/security.js';
import { API_JSON_DEPTH_LIMIT, jsonNestingExceeds, tooDeepMessage } from './http/json-depth.js';
import { createValidationPipe } from './http/validation.js';
import { createLogger, PinoNestLogger } from '../../core/src/logging/logger.js';
import { mountWebApp } from './web-app/web-app.js';
import { mountMedia } from './photos/media.js';
import { StripeWebhookService } from './webhooks/stripe-webhook.service.js';
import { mountWebhookLane } from './webhooks/webhook-lane.js';
import { buildOpenApiDocument } from './openapi.js';

/** A body-parser refusal that keeps its own status and message (see bodyParsers). */
class BodyRefusal extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checked on the raw bytes, before JSON.parse and long before validation: JSON must be UTF-8 (RFC 8259 8.1;
 * the depth scan reads UTF-8), and nest no deeper than API_JSON_DEPTH_LIMIT.
 */
function verifyJsonBody(_req: Request, _res: Response, buf: Buffer, encoding: string): void {
  if ((encoding ?? 'utf-8').toLowerCase() !== 'utf-8')
    throw new BodyRefusal(415, 'charset.unsupported', 'JSON bodies must be UTF-8');
  if (jsonNestingExceeds(buf, API_JSON_DEPTH_LIMIT))
    throw new BodyRefusal(400, 'entity.too.deep', tooDeepMessage(API_JSON_DEPTH_LIMIT));
}

/** Body parsers: small, shallow JSON everywhere (the webhook never reaches Express: see webhook-lane.ts). */
function bodyParsers(app: NestExpressApplication): void {
  app.use(express.json({ limit: '100kb', verify: verifyJsonBody }));
  app.use(
    (err: { type?: string; status?: number; message?: string }, _req: Request, res: Response, next: NextFunction) => {
      if (!err) return next();
      const refuse = (status: number, message: string) => res.status(status).json({ message, error: message });
      if (err instanceof BodyRefusal) return refuse(err.status, err.message);
      if (err.type === 'entity.too.large') return refuse(413, 'Request body too large');
      if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported')
        return refuse(415, 'JSON bodies must be UTF-8 and not compressed');
      if (err.type === 'entity.parse.failed' || err.status === 400) return refuse(400, 'Malformed JSON body');
      next(err);
    },
  );
}

/** Builds the whole HTTP API (and the static web app) without listening, so tests can boot it in-process. */
export async function createApiApp(
  env: EnvDto,
  logger: Logger = createLogger(env.LOG_LEVEL, 'api'),
): Promise<NestExpressApplication> {
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

  // Open in development and tests (a handy map of the API); in production only with an admin's bearer token.
  if (env.NODE_ENV === 'production') app.use(DOCS_PATHS, adminOnly(app.get(SessionService), logger));
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app));
  mountMedia(app);
  mountWebApp(app, env);
  return app;
}
