import { loadEnvOrExit } from '../../api/src/core/config/load-env.js';
import { createLogger } from '../../api/src/core/logging/logger.js';
import { MigrationsBehindError } from '../../migrations/data-source.js';
import { createWorker } from './create-worker.js';
import { exitCleanlyOnSignals } from '../../api/src/core/lifecycle.js';

const env = loadEnvOrExit();
const logger = createLogger(env.LOG_LEVEL, 'worker');
try {
  const app = await createWorker(env, logger);
  exitCleanlyOnSignals(() => app.close(), logger);
  logger.info('worker started');
} catch (err) {
  const message = err instanceof MigrationsBehindError ? err.message : `Worker failed to start: ${(err as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
