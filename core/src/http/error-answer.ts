import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError } from './errors.js';

/** Errors that mean "the database is not reachable right now" rather than "this request is wrong". */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  const codes = [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P02',
    '57P03',
    '08000',
    '08001',
    '08003',
    '08006',
  ];
  if (e.code && codes.includes(e.code)) return true;
  const msg = e.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|the database system is (starting up|shutting down)|is not currently accepting connections|Client has encountered a connection error/i.test(
    msg,
  );
}

const UNAVAILABLE = 'The database is unavailable. Please try again in a moment.';

export interface ErrorAnswer {
  status: number;
  body: object;
  /** Set when the error is ours, not the client's: log it (with its stack) under this message. */
  log?: string;
  /** Retry-After, when a retry is likely to succeed soon. */
  retryAfterSeconds?: number;
}

/**
 * The one place that turns errors into HTTP answers, for the API's exception filter and the webhook lane alike.
 * A DomainError answers its status and message; Nest's HttpExceptions (validation, body parsing) keep theirs;
 * an unreachable database is a 503 with a clear message (never a hang, never a bare 500); anything else is a
 * 500 without internals.
 */
export function errorAnswer(exception: unknown): ErrorAnswer {
  if (exception instanceof DomainError) {
    const { status, message, retryAfterSeconds } = exception;
    return { status, body: { statusCode: status, message, error: message }, retryAfterSeconds };
  }
  if (exception instanceof HttpException) {
    const body = exception.getResponse();
    return { status: exception.getStatus(), body: typeof body === 'string' ? { message: body } : body };
  }
  if (isDatabaseUnavailable(exception)) {
    return {
      status: HttpStatus.SERVICE_UNAVAILABLE,
      body: { message: UNAVAILABLE, error: UNAVAILABLE },
      log: 'database unavailable',
      retryAfterSeconds: 5,
    };
  }
  return {
    status: HttpStatus.INTERNAL_SERVER_ERROR,
    body: { message: 'Internal server error', error: 'Internal server error' },
    log: 'unhandled error',
  };
}
