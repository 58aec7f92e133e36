import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { EnvDto } from './env.dto.js';
import { productionRefusal } from './production-checks.js';

export class ConfigError extends Error {}

/**
 * Validates the environment once and returns the typed result.
 * Empty strings count as unset so that a blank line in .env falls back to the default.
 * `only`: a script that needs a few variables (the migrations, `stripe:setup`) checks just those; the others
 * keep their defaults or stay unset.
 */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
  only?: readonly (keyof EnvDto)[],
): EnvDto {
  const plain: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') plain[key] = value;
  }
  const env = plainToInstance(EnvDto, plain, { exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false, skipMissingProperties: false }).filter(
    (e) => !only || only.includes(e.property as keyof EnvDto),
  );
  if (errors.length > 0) {
    const first = errors[0];
    const message = first.constraints ? Object.values(first.constraints)[0] : 'is invalid';
    const missing = plain[first.property] === undefined;
    throw new ConfigError(
      missing
        ? `Missing environment variable ${first.property}: ${message}`
        : `Invalid environment variable ${first.property}: ${message}`,
    );
  }
  return env;
}

/**
 * What only the long-running servers (the API and the worker) need on top of loadEnv: in production, live Stripe
 * keys and nothing of the emulator or demo mode (production-checks.ts), and outgoing mail. Password reset links
 * are e-mailed and never logged, so without SMTP an admin who forgot the password would have no way back in.
 */
export function checkServerEnv(env: EnvDto): void {
  const refusal = productionRefusal(env);
  if (refusal) throw new ConfigError(refusal);
  if (env.NODE_ENV === 'production' && !env.DEMO_MODE && !env.SMTP_URL) {
    throw new ConfigError(
      'Missing environment variable SMTP_URL: production (NODE_ENV=production) e-mails password reset links and needs an smtp:// or smtps:// URL',
    );
  }
}

/** For entry points: one clear line on stderr and exit 1 instead of a stack trace. `server`: the API and the worker. */
export function loadEnvOrExit(
  source: Record<string, string | undefined> = process.env,
  opts: { server?: boolean; only?: readonly (keyof EnvDto)[] } = {},
): EnvDto {
  try {
    const env = loadEnv(source, opts.only);
    if (opts.server) checkServerEnv(env);
    return env;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

export const ENV = Symbol('ENV');
