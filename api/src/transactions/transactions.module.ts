import { Module } from '@nestjs/common';
import { DonorsModule } from '../donors/donors.module.js';
import { LedgerController } from './ledger.controller.js';
import { LedgerRepository } from './ledger.repository.js';
import { LedgerService } from './ledger.service.js';
import { PaymentIntentsController } from './payment-intents.controller.js';
import { PaymentIntentsRepository } from './payment-intents.repository.js';
import { TransactionsController } from './transactions.controller.js';
import { TransactionsRepository } from './transactions.repository.js';
import { TransactionsService } from './transactions.service.js';

/** Gifts as transactions (card charges and manual gifts): the ledger, a donor's history, the latest payment intents. */
@Module({
  imports: [DonorsModule],
  controllers: [TransactionsController, LedgerController, PaymentIntentsController],
  providers: [TransactionsRepository, TransactionsService, PaymentIntentsRepository, LedgerRepository, LedgerService],
  exports: [TransactionsRepository],
})
export class TransactionsModule {}
