import type { DataSource } from 'typeorm';
import { createDataSource } from '../../core/src/db/data-source.js';
import { JobProducer } from '../../core/src/queue/job.producer.js';
import type { Stack } from './stack.js';
import { migrations } from '../../migrations/index.js';

export interface ReplayTools {
  ds: DataSource;
  producer: JobProducer;
  close(): Promise<void>;
}

/** What `npm run events:replay` opens (a data source and the typed job producer), against a test stack. */
export async function openReplayTools(stack: Stack): Promise<ReplayTools> {
  const ds = createDataSource(stack.env.DATABASE_URL, { migrations, poolSize: 2 });
  await ds.initialize();
  const producer = new JobProducer(stack.env, 'replay-test');
  await producer.ready();
  return {
    ds,
    producer,
    close: async () => {
      await producer.onModuleDestroy();
      await ds.destroy();
    },
  };
}
