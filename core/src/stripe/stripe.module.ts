import { Global, Module } from '@nestjs/common';
import { ENV } from '../config/load-env.js';
import type { EnvDto } from '../config/env.dto.js';
import { createStripeClient, STRIPE } from './stripe.client.js';

@Global()
@Module({
  providers: [{ provide: STRIPE, inject: [ENV], useFactory: (env: EnvDto) => createStripeClient(env) }],
  exports: [STRIPE],
})
export class StripeModule {}
