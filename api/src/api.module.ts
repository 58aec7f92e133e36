import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from './core/config/config.module.js';
import type { EnvDto } from './core/config/env.dto.js';
import type { Logger } from 'pino';
import { LoggingModule } from './core/logging/logging.module.js';
import { DatabaseModule } from './core/db/database.module.js';
import { QueueModule } from './core/queue/queue.module.js';
import { StripeModule } from './core/stripe/stripe.module.js';
import { AuthModule } from './auth/auth.module.js';
import { DashboardModule } from './dashboard/dashboard.module.js';
import { DonationsModule } from './donations/donations.module.js';
import { HealthModule } from './health/health.module.js';
import { ManualDonationsModule } from './manual-donations/manual-donations.module.js';
import { TaxExportsModule } from './tax-exports/tax-exports.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class ApiModule {
  static forRoot(env: EnvDto, logger: Logger): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(env),
        LoggingModule.forRoot(logger),
        DatabaseModule.forRoot('school-api'),
        QueueModule,
        StripeModule,
        HealthModule,
        AuthModule,
        WebhooksModule,
        DonationsModule,
        DashboardModule,
        ManualDonationsModule,
        TaxExportsModule,
      ],
    };
  }
}
