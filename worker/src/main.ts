import { loadEnvOrExit } from '../../core/src/config/load-env.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { MigrationsBehindError } from '../../core/src/db/data-source.js';
import { createWorker } from './create-worker.js';
import { exitCleanlyOnSignals } from '../../core/src/lifecycle.js';

const env = loadEnvOrExit(process.env, { server: true });
const logger = createLogger(env.LOG_LEVEL, 'worker');
try {
  const app = await createWorker(env, logger);
  exitCleanlyOnSignals(() => app.close(), logger);
  logger.info('worker started');
} catch (err) {
  const message =
    err instanceof MigrationsBehindError ? err.message : `Worker failed to start: ${(err as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
