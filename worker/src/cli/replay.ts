import { loadDotEnv } from '../../../core/src/config/env-file.js';
import { loadEnvOrExit } from '../../../core/src/config/load-env.js';
import { JobProducer } from '../../../core/src/queue/job.producer.js';
import { createDataSource } from '../../../core/src/db/data-source.js';
import {
  formatListedEvent,
  listEvents,
  parseReplayArgs,
  prunedInSelection,
  replayEvents,
} from '../../../core/src/inbox/event-replay.js';
import { migrations } from '../../../migrations/index.js';

/**
 * `npm run events:replay -- --failed | --rejected | --since 2026-01-01 | --id evt_...`: re-runs inbox events;
 * with `--list`, prints the selected events (id, type, created, state, reason) and changes nothing.
 */
// Variables in .env fill what the shell does not export, as for npm start and npm run start:prod.
loadDotEnv();
const env = loadEnvOrExit();
let selection;
try {
  selection = parseReplayArgs(process.argv.slice(2));
} catch (err) {
  process.stderr.write(
    `${(err as Error).message}\nUsage: npm run events:replay -- [--failed] [--rejected] [--since DATE] [--id evt_...] [--list]\n`,
  );
  process.exit(2);
}
const ds = createDataSource(env.DATABASE_URL, { migrations, poolSize: 2, applicationName: 'school-replay' });
const producer = new JobProducer(env, 'replay');
try {
  await ds.initialize();
  if (selection.list) {
    const listed = await listEvents(ds, selection);
    for (const e of listed) process.stdout.write(`${formatListedEvent(e)}\n`);
    process.stdout.write(
      `${listed.length} event${listed.length === 1 ? '' : 's'} listed${listed.length === 1000 ? ' (the first 1000)' : ''}; nothing replayed\n`,
    );
  } else {
    const pruned = await prunedInSelection(ds, selection);
    await producer.ready();
    const count = await replayEvents(ds, producer, selection);
    process.stdout.write(`Re-enqueued ${count} event${count === 1 ? '' : 's'}\n`);
    if (pruned) {
      process.stdout.write(
        `${pruned} selected event${pruned === 1 ? ' was' : 's were'} not replayed: payload pruned after INBOX_RETENTION_DAYS. ` +
          '`npm run stripe:backfill` re-reads their objects from Stripe.\n',
      );
    }
  }
} catch (err) {
  process.stderr.write(`Replay failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await producer.onModuleDestroy().catch(() => undefined);
  if (ds.isInitialized) await ds.destroy();
}
