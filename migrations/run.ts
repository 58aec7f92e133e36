import { loadDotEnv } from '../core/src/config/env-file.js';
import { loadEnvOrExit } from '../core/src/config/load-env.js';
import { runMigrations } from '../core/src/db/data-source.js';

// Variables in .env fill what the shell does not export, as for npm start and npm run start:prod.
loadDotEnv();
const env = loadEnvOrExit(process.env, { only: ['DATABASE_URL'] });
const applied = await runMigrations(env.DATABASE_URL);
process.stdout.write(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'Database is up to date.\n');
