import { loadEnvOrExit } from '../api/src/core/config/load-env.js';
import { runMigrations } from './data-source.js';

const env = loadEnvOrExit({ STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_PUBLISHABLE_KEY: 'pk_test_unused', STRIPE_WEBHOOK_SECRET: 'whsec_unused', ...process.env });
const applied = await runMigrations(env.DATABASE_URL);
process.stdout.write(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'Database is up to date.\n');
