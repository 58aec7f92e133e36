import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import {
  APPEAL_STATES,
  APPEAL_STATUSES,
  GOAL_KINDS,
  type AppealState,
  type AppealStatus,
  type GoalKind,
} from '../../../../core/src/appeals/appeal-rules.js';

export class AppealReportIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'The appeal id must be a UUID' })
  id!: string;
}

/** One appeal's figures on the Appeals report (the same the public page's bar and the board PDF show). */
export class AppealReportRowDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'van' }) slug!: string;
  @ApiProperty({ example: 'A new van' }) name!: string;
  @ApiProperty({ enum: APPEAL_STATUSES }) status!: AppealStatus;
  @ApiProperty({ enum: APPEAL_STATES }) state!: AppealState;
  @ApiProperty({ example: '2026-11-01', description: "First day, in the school's time zone" }) startsOn!: string;
  @ApiProperty({ example: '2026-12-31', description: "Last day (inclusive; the early end's day when ended early)" })
  endsOn!: string;
  @ApiProperty({ enum: GOAL_KINDS }) goalKind!: GoalKind;
  @ApiProperty({ type: Number, nullable: true, description: 'CENTS (goalKind dollars)' }) goalCents!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Donors or new monthly donors' }) goalCount!: number | null;
  @ApiProperty({ description: 'CENTS raised: net of refunds and of disputes not won (the dashboard rule)' })
  raisedCents!: number;
  @ApiProperty({ description: 'Whole percent of the goal reached, rounded down (may pass 100)' })
  percentOfGoal!: number;
  @ApiProperty({ description: 'Donors with a gift credited to the appeal' }) donorCount!: number;
  @ApiProperty({ description: 'Of them, donors whose first gift to the school came during the appeal' })
  newDonorCount!: number;
  @ApiProperty() giftCount!: number;
  @ApiProperty({ description: 'CENTS: raised / gifts, rounded to the cent' }) averageGiftCents!: number;
  @ApiProperty({ description: 'Monthly (recurring) plans started through the appeal' }) recurringStarted!: number;
  @ApiProperty({ description: 'CENTS: min(raised, match cap), reported, never charged' }) matchedCents!: number;
}

/** A day of an appeal: what its gifts of that day (school's time zone) came to, and the running total. */
export class AppealDayDto {
  @ApiProperty({ example: '2026-11-03' }) day!: string;
  @ApiProperty({ description: 'CENTS' }) raisedCents!: number;
  @ApiProperty() giftCount!: number;
  @ApiProperty({ description: 'CENTS: raised from the first day through this one' }) cumulativeCents!: number;
}

export class AppealReportDetailDto {
  @ApiProperty({ type: AppealReportRowDto }) appeal!: AppealReportRowDto;
  @ApiProperty({
    type: [AppealDayDto],
    description: 'Every day from the first day to the last (or today), gifts or not',
  })
  byDay!: AppealDayDto[];
}

export class YearEndAppealDto {
  @ApiProperty({ example: 2026 }) year!: number;
  @ApiProperty({ type: AppealReportRowDto, nullable: true, description: 'None when no appeal ended that December' })
  appeal!: AppealReportRowDto | null;
}

export class AppealReportListDto {
  @ApiProperty({ type: [AppealReportRowDto], description: 'Every appeal but drafts, the latest first' })
  appeals!: AppealReportRowDto[];
  @ApiProperty({
    type: [YearEndAppealDto],
    description:
      "This year's year-end appeal and last year's (the appeal whose last day falls in December, or the one that raised most when there are several)",
  })
  yearEnd!: YearEndAppealDto[];
}
