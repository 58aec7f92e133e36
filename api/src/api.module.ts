import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigModule } from '../../core/src/config/config.module.js';
import type { EnvDto } from '../../core/src/config/env.dto.js';
import type { Logger } from 'pino';
import { LoggingModule } from '../../core/src/logging/logging.module.js';
import { DatabaseModule } from '../../core/src/db/database.module.js';
import { QueueModule } from '../../core/src/queue/queue.module.js';
import { StripeModule } from '../../core/src/stripe/stripe.module.js';
import { AdminsModule } from './admins/admins.module.js';
import { AuditLogModule } from './audit-log/audit-log.module.js';
import { SettingsModule } from './settings/settings.module.js';
import { WebsiteModule } from './website/website.module.js';
import { FundsModule } from './funds/funds.module.js';
import { AppealsModule } from './appeals/appeals.module.js';
import { SiteNewsModule } from './site-news/site-news.module.js';
import { DonorPrivacyModule } from './donor-privacy/donor-privacy.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { DonorMailModule } from './donor-mail/donor-mail.module.js';
import { DonorsModule } from './donors/donors.module.js';
import { DonationsModule } from './donations/donations.module.js';
import { HealthModule } from './health/health.module.js';
import { ManualDonationsModule } from './manual-donations/manual-donations.module.js';
import { DonorImportsModule } from './donor-imports/donor-imports.module.js';
import { MyGivingModule } from './my-giving/my-giving.module.js';
import { OperationsModule } from './operations/operations.module.js';
import { PhotosModule } from './photos/photos.module.js';
import { PayoutsModule } from './payouts/payouts.module.js';
import { MonthEndModule } from './month-end/month-end.module.js';
import { AppealReportsModule } from './appeal-reports/appeal-reports.module.js';
import { RecurringModule } from './recurring/recurring.module.js';
import { TaxExportsModule } from './tax-exports/tax-exports.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { TransactionsModule } from './transactions/transactions.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';
import { migrations } from '../../migrations/index.js';

@Module({})
export class ApiModule {
  static forRoot(env: EnvDto, logger: Logger): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(env),
        LoggingModule.forRoot(logger),
        DatabaseModule.forRoot(migrations, 'school-api'),
        QueueModule,
        StripeModule,
        HealthModule,
        AuthModule,
        WebhooksModule,
        DonationsModule,
        FundsModule,
        AppealsModule,
        MyGivingModule,
        AnalyticsModule,
        DonorsModule,
        PayoutsModule,
        MonthEndModule,
        AppealReportsModule,
        TransactionsModule,
        RetentionModule,
        ManualDonationsModule,
        DonorImportsModule,
        TaxExportsModule,
        DonorMailModule,
        RecurringModule,
        AdminsModule,
        AuditLogModule,
        SettingsModule,
        WebsiteModule,
        DonorPrivacyModule,
        OperationsModule,
        SiteNewsModule,
        PhotosModule,
      ],
    };
  }
}
