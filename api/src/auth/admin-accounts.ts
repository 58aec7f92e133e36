import type { Logger } from 'pino';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { AdminRepository, type PublicAdmin } from './admin.repository.js';
import { hashPassword } from './password-hashing.js';
import { passwordProblem } from './password-policy.js';
import type { AdminRole } from './roles.decorator.js';
import type { Queryable } from '../../../core/src/db/queryable.js';

/** A refused admin creation, with a message fit to show the person creating it. */
export class AdminInputError extends Error {}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * Creates an admin (no public sign-up: the CLI, ADMIN_EMAIL/ADMIN_PASSWORD at start-up and demo mode call this).
 * Checks the e-mail, the name and the password policy, hashes with argon2id, and writes an audit row.
 */
export async function createAdmin(
  db: Queryable,
  input: { email: string; name: string; password: string; role?: AdminRole },
): Promise<PublicAdmin> {
  const email = (input.email ?? '').trim();
  const name = (input.name ?? '').trim();
  if (!EMAIL.test(email) || email.length > 320) throw new AdminInputError('email must be a valid e-mail address');
  if (!name || name.length > 200) throw new AdminInputError('name is required (at most 200 characters)');
  const problem = passwordProblem(input.password, [email, name]);
  if (problem) throw new AdminInputError(problem);
  const admin = await new AdminRepository(db).insert(
    email,
    name,
    await hashPassword(input.password),
    input.role ?? 'owner',
  );
  if (!admin) throw new AdminInputError(`An admin with the e-mail ${email} already exists`);
  await db.query(`INSERT INTO audit_log (action, admin_id, success, details) VALUES ('admin.created', $1, true, $2)`, [
    admin.id,
    JSON.stringify({ email: admin.email, role: admin.role }),
  ]);
  return admin;
}

/**
 * First start: when no admin exists and ADMIN_EMAIL + ADMIN_PASSWORD are set, creates that admin.
 * An advisory lock keeps two API processes starting together from both creating one. A refused password
 * stops the start-up: silently running with no way in would be worse.
 */
export async function ensureInitialAdmin(
  ds: Queryable & { transaction<T>(fn: (m: Queryable) => Promise<T>): Promise<T> },
  env: Pick<EnvDto, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<PublicAdmin | undefined> {
  if (!env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) return undefined;
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) {
    logger.warn('ADMIN_EMAIL and ADMIN_PASSWORD must both be set to create the first admin; ignoring them');
    return undefined;
  }
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = env;
  return ds.transaction(async (m) => {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('school:initial-admin'))`);
    if ((await new AdminRepository(m).count()) > 0) return undefined;
    try {
      const admin = await createAdmin(m, { email, name: 'Administrator', password });
      logger.info({ email: admin.email }, 'created the first admin from ADMIN_EMAIL');
      return admin;
    } catch (err) {
      if (err instanceof AdminInputError)
        throw new Error(`ADMIN_PASSWORD/ADMIN_EMAIL refused: ${err.message}`, { cause: err });
      throw err;
    }
  });
}
