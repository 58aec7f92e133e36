import { Module } from '@nestjs/common';
import { DonorsModule } from '../donors/donors.module.js';
import { PaymentIntentsController } from './payment-intents.controller.js';
import { PaymentIntentsRepository } from './payment-intents.repository.js';
import { TransactionsController } from './transactions.controller.js';
import { TransactionsRepository } from './transactions.repository.js';
import { TransactionsService } from './transactions.service.js';

/** Gifts as transactions (card charges and manual gifts): a donor's history, the latest payment intents. */
@Module({
  imports: [DonorsModule],
  controllers: [TransactionsController, PaymentIntentsController],
  providers: [TransactionsRepository, TransactionsService, PaymentIntentsRepository],
  exports: [TransactionsRepository],
})
export class TransactionsModule {}
