import { parseArgs } from 'node:util';
import { AdminInputError, createAdmin } from '../auth/admin-accounts.js';
import { assertMigrated, createDataSource } from '../../../core/src/db/data-source.js';
import { loadDotEnv } from '../../../core/src/config/env-file.js';
import { readPasswordFromStdin, readPasswordFromTty } from './password-input.js';
import { migrations } from '../../../migrations/index.js';

/**
 * `npm run admin:create -- --email a@b.org --name "Jane Doe" [--password-stdin]`
 * Creates an admin (there is no public sign-up). The password is typed twice on a terminal with no echo,
 * or read from standard input with --password-stdin (for scripts: `printf %s "$PW" | npm run admin:create ...`).
 * It never appears in the arguments, so it cannot leak through the shell history or `ps`.
 * Needs only DATABASE_URL (from the environment or ./.env).
 */
const USAGE = 'Usage: npm run admin:create -- --email <address> --name "<full name>" [--password-stdin]';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!args.email || !args.name) fail(`--email and --name are required.\n${USAGE}`, 2);

loadDotEnv();
const url = process.env.DATABASE_URL;
if (!url || !/^postgres(ql)?:\/\/\S+$/.test(url)) fail('DATABASE_URL must be set to a postgres:// connection URL');

let password: string;
if (args['password-stdin']) {
  password = await readPasswordFromStdin();
} else if (process.stdin.isTTY) {
  password = await readPasswordFromTty('Password: ');
  const again = await readPasswordFromTty('Repeat password: ');
  if (password !== again) fail('The two passwords differ; nothing was created.');
} else {
  fail(`Standard input is not a terminal: pass the password on standard input with --password-stdin.\n${USAGE}`, 2);
}

const ds = createDataSource(url, { migrations, poolSize: 1, applicationName: 'school-admin-create' });
try {
  await ds.initialize();
  await assertMigrated(ds);
  const admin = await createAdmin(ds, { email: args.email, name: args.name, password });
  process.stdout.write(`Created admin ${admin.email} (${admin.name}), id ${admin.id}\n`);
} catch (err) {
  process.exitCode = 1;
  process.stderr.write(
    err instanceof AdminInputError ? `${err.message}\n` : `Could not create the admin: ${(err as Error).message}\n`,
  );
} finally {
  if (ds.isInitialized) await ds.destroy();
}
