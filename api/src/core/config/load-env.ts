import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvDto } from './env.dto.js';

export class ConfigError extends Error {}

/**
 * Validates the environment once and returns the typed result.
 * Empty strings count as unset so that a blank line in .env falls back to the default.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): EnvDto {
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') plain[key] = value;
  }
  const env = plainToInstance(EnvDto, plain, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    const first = errors[0];
    const message = first.constraints ? Object.values(first.constraints)[0] : 'is invalid';
    const missing = plain[first.property] === undefined;
    throw new ConfigError(
      missing ? `Missing environment variable ${first.property}: ${message}` : `Invalid environment variable ${first.property}: ${message}`,
    );
  }
  return env;
}

/** For entry points: one clear line on stderr and exit 1 instead of a stack trace. */
export function loadEnvOrExit(source: Record<string, string | undefined> = process.env): EnvDto {
  try {
    return loadEnv(source);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

export const ENV = Symbol('ENV');
