import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConfigModule } from '../../core/src/config/config.module.js';
import type { EnvDto } from '../../core/src/config/env.dto.js';
import { DatabaseModule } from '../../core/src/db/database.module.js';
import { LOGGER } from '../../core/src/logging/logger.js';
import { JobProducer } from '../../core/src/queue/job.producer.js';
import { StripeModule } from '../../core/src/stripe/stripe.module.js';
import { JOB_HANDLERS } from './jobs/job-handler.js';
import { QueueConsumer } from './jobs/queue-consumer.js';
import { ResetTokenIssuer } from './mail/reset-token.repository.js';
import { SendMailHandler } from './mail/send-mail.handler.js';
import {
  ProjectionBatcher,
  ProjectStripeEventHandler,
  ProjectStripeEventsHandler,
} from './projections/project-stripe-event.handler.js';
import { ReadBalanceTransactionsHandler } from './projections/read-balance-transactions.handler.js';
import { InboxRelay } from './relay/inbox-relay.js';
import { TotalFolder } from './projections/total-folder.js';
import { InboxPruner } from './inbox/inbox-pruner.js';
import { Acknowledger } from './outbox/acknowledger.js';
import { OutboxSender } from './outbox/outbox-sender.js';
import { migrations } from '../../migrations/index.js';

const handlers = [
  ProjectStripeEventHandler,
  ProjectStripeEventsHandler,
  ReadBalanceTransactionsHandler,
  SendMailHandler,
];

@Module({})
export class WorkerModule {
  static forRoot(env: EnvDto, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(env),
        DatabaseModule.forRoot(migrations, 'school-worker', env.WORKER_CONCURRENCY + 4),
        StripeModule,
      ],
      providers: [
        { provide: LOGGER, useValue: logger },
        ResetTokenIssuer,
        ProjectionBatcher,
        ...handlers,
        { provide: JOB_HANDLERS, inject: handlers, useFactory: (...hs: unknown[]) => hs },
        QueueConsumer,
        // The relay re-enqueues inbox rows through the same producer the API uses.
        JobProducer,
        InboxRelay,
        InboxPruner,
        // Day and month totals: their deltas folded, one worker at a time.
        TotalFolder,
        // Donor mail: the acknowledger queues acknowledgments, corrections and voids; the sender delivers the outbox.
        OutboxSender,
        Acknowledger,
      ],
    };
  }
}
