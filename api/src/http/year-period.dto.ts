import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { YEAR_BASES, type YearBasis } from '../../../core/src/fiscal-year/fiscal-year.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const YEAR_MESSAGE = 'year must be a whole number from 2000 to 2100';

/**
 * A report's year: a calendar year, or a fiscal year (starting in the month an owner sets on the Settings
 * page, named by the calendar year in which it ends; core/src/fiscal-year). Days are local days in TIME_ZONE.
 */
export class YearPeriodDto {
  @ApiPropertyOptional({
    example: 2026,
    minimum: 2000,
    maximum: 2100,
    description: 'The year (in TIME_ZONE); its meaning depends on basis.',
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: YEAR_MESSAGE })
  @Min(2000, { message: YEAR_MESSAGE })
  @Max(2100, { message: YEAR_MESSAGE })
  year?: number;

  @ApiPropertyOptional({
    enum: YEAR_BASES,
    description:
      'calendar (default): January to December. fiscal: the fiscal year named by the calendar year in which it ends (FY 2026 with a July start: Jul 1, 2025 - Jun 30, 2026).',
  })
  @IsOptional()
  @IsIn(YEAR_BASES as unknown as string[], { message: `basis must be one of ${YEAR_BASES.join(', ')}` })
  basis?: YearBasis;
}
