import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';

/** Errors that mean "the database is not reachable right now" rather than "this request is wrong". */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'];
  if (e.code && codes.includes(e.code)) return true;
  const msg = e.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|the database system is (starting up|shutting down)|is not currently accepting connections|Client has encountered a connection error/i.test(msg);
}

/**
 * One place that turns errors into HTTP answers. HttpExceptions keep their status and body;
 * an unreachable database is a 503 with a clear message (never a hang, never a bare 500);
 * anything else is logged with its stack and answered 500 without internals.
 */
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
    if (exception instanceof HttpException) {
      const body = exception.getResponse();
      res.status(exception.getStatus()).json(typeof body === 'string' ? { message: body } : body);
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.error({ err: exception, path: req.path }, 'database unavailable');
      res.status(HttpStatus.SERVICE_UNAVAILABLE).setHeader('Retry-After', '5').json({
        message: 'The database is unavailable. Please try again in a moment.',
        error: 'The database is unavailable. Please try again in a moment.',
      });
      return;
    }
    this.logger.error({ err: exception, path: req.path }, 'unhandled error');
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ message: 'Internal server error', error: 'Internal server error' });
  }
}
