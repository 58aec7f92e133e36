import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { AppealAdminDto, AppealPublicDto } from '../../appeals/dto/appeal.dto.js';

/**
 * One appeal's figures on the Appeals report: the appeal's own fields (one definition of each, the same the
 * appeal page's bar reads), and the report's own two (new donors, average gift).
 */
export class AppealReportRowDto extends IntersectionType(
  PickType(AppealAdminDto, ['id', 'status', 'startsOn', 'endsOn', 'percentOfGoal'] as const),
  PickType(AppealPublicDto, [
    'slug',
    'name',
    'state',
    'goalKind',
    'goalCents',
    'goalCount',
    'raisedCents',
    'donorCount',
    'giftCount',
    'recurringStarted',
    'matchedCents',
  ] as const),
) {
  @ApiProperty({
    description: "Of the donors, those whose first gift to the school came on or after the appeal's first day",
  })
  newDonorCount!: number;
  @ApiProperty({ description: 'CENTS: raised / gifts, rounded to the cent' }) averageGiftCents!: number;
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
