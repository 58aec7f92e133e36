import type { LoggerService } from '@nestjs/common';
import { pino, type DestinationStream, type Logger } from 'pino';

/**
 * An error as a log line may show it: its type, code, message and stack, with e-mail addresses taken out of the
 * message. Never what a failed write was writing: TypeORM's QueryFailedError carries the query's `parameters`
 * (a donor's name, e-mail, address) and Postgres's `detail` quotes the values of a violated key.
 */
export function safeError(value: unknown): unknown {
  if (!(value instanceof Error)) return value;
  const e = value as Error & { code?: unknown; driverError?: { code?: unknown } };
  const code = e.code ?? e.driverError?.code;
  return {
    type: e.constructor?.name ?? 'Error',
    message: withoutAddresses(e.message),
    ...(typeof code === 'string' ? { code } : {}),
    ...(e.stack ? { stack: withoutAddresses(e.stack) } : {}),
  };
}

/**
 * Structured JSON logs. Secrets (authorization headers, cookies, passwords, tokens) are redacted, and an error
 * logged under `err` shows only its type, code, message and stack (safeError).
 */
export function createLogger(level: string, name: string, destination?: DestinationStream): Logger {
  const options = {
    name,
    level,
    serializers: { err: safeError },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
        'password',
        'newPassword',
        '*.password',
        '*.newPassword',
        'token',
        '*.token',
        'sessionToken',
        '*.sessionToken',
      ],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Routes Nest's own log lines into pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');

/**
 * Text for a log line with every e-mail address replaced by `[address]`: an SMTP refusal often quotes the
 * recipient ('550 <ann@example.org>: mailbox unavailable'), and a log keeps it after the donor's erasure.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[address]');
}
