import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function firstMessage(errors: ValidationError[], path = ''): string {
  for (const e of errors) {
    const field = path ? `${path}.${e.property}` : e.property;
    if (e.constraints) {
      const msg = Object.values(e.constraints)[0];
      return msg.includes(e.property) ? msg : `${field}: ${msg}`;
    }
    if (e.children?.length) return firstMessage(e.children, field);
  }
  return 'Invalid request';
}

/**
 * class-validator on every body and query: unknown fields are refused, and a malformed body is a 400
 * whose message names the field. Answers carry both `message` and `error` because the spec's clients read
 * one or the other depending on the call.
 */
/**
 * Checked before class-validator, on every body and query:
 * - class-validator's whitelist looks declared fields up in a plain object, so a field named after an
 *   Object.prototype member (`constructor`, `toString`, `__proto__`, ...) counts as declared: it is neither
 *   refused nor stripped, and lands on the DTO shadowing the method. Nest's ValidationPipe deletes `prototype`
 *   (with `__proto__` and `constructor`) before validating, so that key would be dropped without a word. All of
 *   them are refused like unknown ones.
 * - Postgres text cannot hold a NUL character ("invalid byte sequence"), so one anywhere in the input would
 *   be a 500 from the first query that uses it. It is refused as a 400 here.
 */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

function forbiddenInput(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string')
    return value.includes('\u0000') ? `${path || 'value'} must not contain NUL characters` : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return null;
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (PROTOTYPE_KEYS.has(key)) return `property ${field} should not exist`;
    if (key.includes('\u0000')) return 'field names must not contain NUL characters';
    const inner = forbiddenInput((value as Record<string, unknown>)[key], field, depth + 1);
    if (inner) return inner;
  }
  return null;
}

class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const message = metadata.type === 'body' || metadata.type === 'query' ? forbiddenInput(value, '') : null;
    if (message) throw new BadRequestException({ statusCode: 400, message, error: message });
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const message = firstMessage(errors);
      return new BadRequestException({ statusCode: 400, message, error: message });
    },
  });
}
