import { Module } from '@nestjs/common';
import { CardFeeSamplesRepository } from './card-fee-samples.repository.js';
import { PaymentFeesService } from './payment-fees.service.js';

/** The card and bank fees that "cover the fees" makes up, shared by the donate form, donations and My Giving. */
@Module({ providers: [CardFeeSamplesRepository, PaymentFeesService], exports: [PaymentFeesService] })
export class PaymentFeesModule {}
