import { Module } from '@nestjs/common';
import { DonorSessionGuard } from './donor-session.guard.js';
import { DonorSessionRepository } from './donor-session.repository.js';
import { MyGivingController, MyGivingSignInController } from './my-giving.controller.js';
import { MyGivingRateLimiter } from './my-giving-rate-limiter.js';
import { MyGivingRepository } from './my-giving.repository.js';
import { MyGivingService } from './my-giving.service.js';
import { PlanActionsService } from './plan-actions.service.js';
import { SignInService } from './sign-in.service.js';
import { PaymentFeesModule } from '../payment-fees/payment-fees.module.js';

/** Donors' self-service: sign-in links, donor sessions, the donor's gifts and the actions on them. */
@Module({
  imports: [PaymentFeesModule],
  controllers: [MyGivingSignInController, MyGivingController],
  providers: [
    DonorSessionRepository,
    DonorSessionGuard,
    MyGivingRateLimiter,
    MyGivingRepository,
    MyGivingService,
    PlanActionsService,
    SignInService,
  ],
})
export class MyGivingModule {}
