import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { EnvDto } from './env.dto.js';
import { ENV } from './load-env.js';

/** Makes the validated environment injectable as ENV. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: EnvDto): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}
