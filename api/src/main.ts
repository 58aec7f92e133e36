import { loadEnvOrExit } from './core/config/load-env.js';
import { MigrationsBehindError } from '../../migrations/data-source.js';
import { createLogger } from './core/logging/logger.js';
import { createApiApp } from './create-api-app.js';
import { exitCleanlyOnSignals } from './core/lifecycle.js';

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL, 'api');
try {
  const app = await createApiApp(env, logger);
  await app.listen(env.PORT, '0.0.0.0');
  exitCleanlyOnSignals(() => app.close(), logger);
  logger.info({ port: env.PORT, demo: env.DEMO_MODE }, `API listening on ${env.PUBLIC_URL}`);
} catch (err) {
  const message = err instanceof MigrationsBehindError ? err.message : `API failed to start: ${(err as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
