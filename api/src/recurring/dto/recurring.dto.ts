import { ApiProperty } from '@nestjs/swagger';
import { RECURRING_FREQUENCIES } from '../../../../core/src/gifts/frequencies.js';
import { PLAN_STATUSES } from '../recurring.repository.js';

/* The Recurring view's shapes. Amounts are DOLLARS (the UI formats them), dates unix seconds. */

export class RecurringStatusCountsDto {
  @ApiProperty() active: number;
  @ApiProperty() past_due: number;
  @ApiProperty() paused: number;
  @ApiProperty() canceled: number;
  @ApiProperty() incomplete: number;
}

export class RecurringSummaryDto {
  @ApiProperty({
    description: 'Donors with at least one active plan (paused, past-due and canceled plans do not count).',
  })
  activeDonors: number;

  @ApiProperty({ description: "DOLLARS a month: the active plans' amounts, quarterly ones / 3 and annual ones / 12." })
  monthlyRecurringRevenue: number;

  @ApiProperty({ description: 'Plans whose latest renewal failed and that Stripe is still retrying.' })
  pastDue: number;

  @ApiProperty({
    description: 'Plans that ended in the last 30 days (canceled by the donor, an admin, or after failed retries).',
  })
  canceledLast30Days: number;

  @ApiProperty({ type: RecurringStatusCountsDto, description: 'Every plan by status.' })
  byStatus: RecurringStatusCountsDto;
}

export class FailedInvoiceDto {
  @ApiProperty({ example: 'in_123' }) id: string;
  @ApiProperty({
    enum: ['open', 'uncollectible'],
    description: 'open: Stripe is still retrying; uncollectible: it gave up.',
  })
  status: string;
  @ApiProperty({ description: 'DOLLARS' }) amountDue: number;
  @ApiProperty() attemptCount: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Unix seconds of the next retry, null when none is planned.',
  })
  nextPaymentAttempt: number | null;
  @ApiProperty({ description: 'Unix seconds.' }) created: number;
}

export class PlanDto {
  @ApiProperty({ example: 'sub_123' }) id: string;
  @ApiProperty({ nullable: true, type: String }) customerId: string | null;
  @ApiProperty({ nullable: true, type: String }) donorName: string | null;
  @ApiProperty({ nullable: true, type: String }) donorEmail: string | null;
  @ApiProperty({ description: 'DOLLARS per charge.' }) amount: number;
  @ApiProperty({ nullable: true, type: String, enum: RECURRING_FREQUENCIES }) frequency: string | null;
  @ApiProperty({ enum: PLAN_STATUSES }) status: string;
  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'Unix seconds of the next charge; null when none will come (canceled, set to cancel, paused, incomplete).',
  })
  nextChargeDate: number | null;
  @ApiProperty({ description: 'Unix seconds.' }) started: number;
  @ApiProperty() cancelAtPeriodEnd: boolean;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds: when a plan set to cancel will end.' })
  cancelAt: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds: when the cancellation was asked for.' })
  canceledAt: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Unix seconds: when the plan ended.' }) endedAt:
    number | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Unix seconds: when a paused plan resumes by itself (null: paused until resumed).',
  })
  resumesAt: number | null;
}

export class PlanPageDto {
  @ApiProperty({ type: [PlanDto] }) plans: PlanDto[];
  @ApiProperty({
    nullable: true,
    type: String,
    description:
      "Pass as cursor for the next page; null on the last page. How many plans match: the summary's byStatus.",
  })
  nextCursor: string | null;
}

export class DonorPlanDto extends PlanDto {
  @ApiProperty({ type: [FailedInvoiceDto] }) failedInvoices: FailedInvoiceDto[];
}

export class DonorPlansDto {
  @ApiProperty({ type: [DonorPlanDto] }) plans: DonorPlanDto[];
}

export class PlanActionDto {
  @ApiProperty({ example: 'sub_123' }) id: string;
  @ApiProperty({ enum: ['canceled', 'cancel_scheduled', 'paused', 'resumed'] }) result: string;
  @ApiProperty({
    description: 'The status Stripe answered with; the plans list shows it once its webhook is projected.',
  })
  stripeStatus: string;
}
