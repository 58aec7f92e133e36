import { Global, Module } from '@nestjs/common';
import { JobProducer } from './job.producer.js';

@Global()
@Module({ providers: [JobProducer], exports: [JobProducer] })
export class QueueModule {}
