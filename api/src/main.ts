import type { AddressInfo } from 'node:net';
import { loadEnvOrExit } from '../../core/src/config/load-env.js';
import { MigrationsBehindError } from '../../core/src/db/data-source.js';
import { createLogger } from '../../core/src/logging/logger.js';
import { createApiApp } from './create-api-app.js';
import { exitCleanlyOnSignals } from '../../core/src/lifecycle.js';

const env = loadEnvOrExit(process.env, { server: true });
const logger = createLogger(env.LOG_LEVEL, 'api');
try {
  const app = await createApiApp(env, logger);
  await app.listen(env.PORT, env.HOST);
  exitCleanlyOnSignals(() => app.close(), logger);
  const { address, port } = app.getHttpServer().address() as AddressInfo;
  logger.info(
    { host: address, port, demo: env.DEMO_MODE, trustProxy: env.TRUST_PROXY },
    `API listening on ${env.PUBLIC_URL}`,
  );
} catch (err) {
  const message = err instanceof MigrationsBehindError ? err.message : `API failed to start: ${(err as Error).message}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
