import { loadDotEnv } from '../core/src/config/env-file.js';
import { loadEnvOrExit } from '../core/src/config/load-env.js';
import { runMigrations } from '../core/src/db/data-source.js';
import { migrations } from '../migrations/index.js';

// `npm run migrate` and compose's migrate service. It lives in ops/, not migrations/, because migrations import
// nothing but TypeORM (they are frozen SQL); the runner hands their list to core.
// Variables in .env fill what the shell does not export, as for npm start and npm run start:prod.
loadDotEnv();
const env = loadEnvOrExit(process.env, { only: ['DATABASE_URL'] });
const applied = await runMigrations(env.DATABASE_URL, migrations);
process.stdout.write(
  applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'Database is up to date.\n',
);
