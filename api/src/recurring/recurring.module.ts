import { Module } from '@nestjs/common';
import { RecurringController } from './recurring.controller.js';
import { RecurringRepository } from './recurring.repository.js';
import { RecurringService } from './recurring.service.js';

/** The admin's Recurring view: plan figures and plans from the read model; cancel, pause and resume through Stripe. */
@Module({ controllers: [RecurringController], providers: [RecurringRepository, RecurringService] })
export class RecurringModule {}
