import { Module } from '@nestjs/common';
import { AcknowledgmentsController } from './acknowledgments.controller.js';
import { AcknowledgmentsService } from './acknowledgments.service.js';
import { DonorMailRepository } from './donor-mail.repository.js';
import { StatementsController } from './statements.controller.js';
import { StatementsRepository } from './statements.repository.js';
import { StatementsService } from './statements.service.js';

/**
 * Donor mail for the admin: the automatic-acknowledgments switch, a donor's messages with Send/Resend, the
 * outbox's failures, and year-end statements by e-mail. The API only queues; the worker sends.
 */
@Module({
  controllers: [AcknowledgmentsController, StatementsController],
  providers: [DonorMailRepository, AcknowledgmentsService, StatementsRepository, StatementsService],
})
export class DonorMailModule {}
