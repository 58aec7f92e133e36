import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { errorAnswer } from '../../../core/src/http/error-answer.js';

/** Nest's side of errorAnswer: every error a controller lets through becomes its answer here, Retry-After included. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    if (res.headersSent) {
      res.end();
      return;
    }
    const answer = errorAnswer(exception);
    if (answer.log) this.logger.error({ err: exception, path: req.path }, answer.log);
    if (answer.retryAfterSeconds) res.setHeader('Retry-After', String(answer.retryAfterSeconds));
    res.status(answer.status).json(answer.body);
  }
}
