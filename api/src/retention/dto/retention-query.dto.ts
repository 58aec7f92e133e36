import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { YearPeriodDto } from '../../http/year-period.dto.js';
import { PageQueryDto } from '../../http/page-query.dto.js';

export const LAPSED_KINDS = ['lybunt', 'sybunt'] as const;

/** The calendar or fiscal year a report is about (default: the current year of its basis, in TIME_ZONE). */
export class RetentionYearDto extends YearPeriodDto {}

/** Which lapsed-donor list, and for which year. */
export class LapsedFilterDto extends RetentionYearDto {
  @ApiProperty({
    enum: LAPSED_KINDS,
    description:
      'lybunt: gave last year, not this year. sybunt: gave in an earlier year, neither last year nor this year.',
  })
  @IsIn(LAPSED_KINDS as unknown as string[], { message: `kind must be one of ${LAPSED_KINDS.join(', ')}` })
  kind!: (typeof LAPSED_KINDS)[number];
}

export class LapsedQueryDto extends IntersectionType(LapsedFilterDto, PageQueryDto) {}
