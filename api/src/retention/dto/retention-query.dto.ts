import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PageQueryDto } from '../../http/page-query.dto.js';

export const LAPSED_KINDS = ['lybunt', 'sybunt'] as const;

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** The calendar year a report is about (default: this year in TIME_ZONE). */
export class RetentionYearDto {
  @ApiPropertyOptional({ example: 2026, minimum: 2000, maximum: 2100, description: 'Calendar year in TIME_ZONE (default: the current year).' })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'year must be a whole number from 2000 to 2100' })
  @Min(2000, { message: 'year must be a whole number from 2000 to 2100' })
  @Max(2100, { message: 'year must be a whole number from 2000 to 2100' })
  year?: number;
}

/** Which lapsed-donor list, and for which year. */
export class LapsedFilterDto extends RetentionYearDto {
  @ApiProperty({ enum: LAPSED_KINDS, description: 'lybunt: gave last year, not this year. sybunt: gave in an earlier year, neither last year nor this year.' })
  @IsIn(LAPSED_KINDS as unknown as string[], { message: `kind must be one of ${LAPSED_KINDS.join(', ')}` })
  kind!: (typeof LAPSED_KINDS)[number];
}

export class LapsedQueryDto extends IntersectionType(LapsedFilterDto, PageQueryDto) {}
