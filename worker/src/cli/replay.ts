import { Queue } from 'bullmq';
import { loadEnvOrExit } from '../../../api/src/core/config/load-env.js';
import { DEFAULT_JOB_OPTIONS, QueueName } from '../../../api/src/core/queue/queue.constants.js';
import { createRedis } from '../../../api/src/core/queue/redis.js';
import { createDataSource } from '../../../migrations/data-source.js';
import { parseReplayArgs, replayEvents } from '../relay/event-replay.js';

/** `npm run events:replay -- --failed | --since 2026-01-01 | --id evt_...`: re-runs inbox events. */
const env = loadEnvOrExit();
let selection;
try {
  selection = parseReplayArgs(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`${(err as Error).message}\nUsage: npm run events:replay -- [--failed] [--since DATE] [--id evt_...]\n`);
  process.exit(2);
}
const ds = createDataSource(env.DATABASE_URL, { poolSize: 2, applicationName: 'school-replay' });
const connection = createRedis(env.REDIS_URL, { name: 'replay' });
const queue = new Queue(QueueName.StripeEvents, { connection, prefix: env.REDIS_PREFIX, defaultJobOptions: DEFAULT_JOB_OPTIONS });
try {
  await ds.initialize();
  const count = await replayEvents(ds, queue, selection);
  process.stdout.write(`Re-enqueued ${count} event${count === 1 ? '' : 's'}\n`);
} catch (err) {
  process.stderr.write(`Replay failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await queue.close().catch(() => undefined);
  connection.disconnect();
  if (ds.isInitialized) await ds.destroy();
}
