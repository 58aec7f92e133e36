import { Module } from '@nestjs/common';
import { PayoutsController } from './payouts.controller.js';
import { PayoutsRepository } from './payouts.repository.js';
import { PayoutsService } from './payouts.service.js';

/** The Payouts view: the deposits Stripe sends to the bank, reconciled line by line from the read model. */
@Module({ controllers: [PayoutsController], providers: [PayoutsService, PayoutsRepository] })
export class PayoutsModule {}
