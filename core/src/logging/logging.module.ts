import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from './logger.js';

/** Makes the process's pino logger injectable as LOGGER (API and worker alike). */
@Global()
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger): DynamicModule {
    return { module: LoggingModule, providers: [{ provide: LOGGER, useValue: logger }], exports: [LOGGER] };
  }
}
