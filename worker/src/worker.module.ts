import { Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConfigModule } from '../../api/src/core/config/config.module.js';
import type { EnvDto } from '../../api/src/core/config/env.dto.js';
import { DatabaseModule } from '../../api/src/core/db/database.module.js';
import { LOGGER } from '../../api/src/core/logging/logger.js';
import { JobProducer } from '../../api/src/core/queue/job.producer.js';
import { StripeModule } from '../../api/src/core/stripe/stripe.module.js';
import { JOB_HANDLERS } from './jobs/job-handler.js';
import { QueueConsumer } from './jobs/queue-consumer.js';
import { SendMailHandler } from './mail/send-mail.handler.js';
import { ProjectStripeEventHandler } from './projections/project-stripe-event.handler.js';
import { InboxRelay } from './relay/inbox-relay.js';

const handlers = [ProjectStripeEventHandler, SendMailHandler];

@Module({})
export class WorkerModule {
  static forRoot(env: EnvDto, logger: Logger): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(env), DatabaseModule.forRoot('school-worker', env.WORKER_CONCURRENCY + 4), StripeModule],
      providers: [
        { provide: LOGGER, useValue: logger },
        ...handlers,
        { provide: JOB_HANDLERS, inject: handlers, useFactory: (...hs: unknown[]) => hs },
        QueueConsumer,
        // The relay re-enqueues inbox rows through the same producer the API uses.
        JobProducer,
        InboxRelay,
      ],
    };
  }
}
