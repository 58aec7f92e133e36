import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import { Transform } from 'class-transformer';
import type { Period } from '../../../core/src/fiscal-year/periods.js';
import { YearPeriodDto } from './year-period.dto.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/**
 * A report's period: a year (calendar or fiscal), a quarter of it, or one month (core/src/fiscal-year/periods.ts).
 * Nothing: all time.
 */
export class PeriodDto extends YearPeriodDto {
  @ApiPropertyOptional({
    minimum: 1,
    maximum: 4,
    description: 'A quarter of the year (on its basis): FY 2027 Q1 with a July start is Jul-Sep 2026. Needs year.',
  })
  @IsOptional()
  @Transform(toInt)
  @ValidateIf((o: PeriodDto) => o.quarter !== undefined)
  @IsInt({ message: 'quarter must be 1, 2, 3 or 4' })
  @Min(1, { message: 'quarter must be 1, 2, 3 or 4' })
  @Max(4, { message: 'quarter must be 1, 2, 3 or 4' })
  quarter?: number;

  @ApiPropertyOptional({
    example: '2026-10',
    description: "One month, 'yyyy-MM' (in TIME_ZONE); year, basis and quarter are then ignored.",
  })
  @IsOptional()
  @Matches(/^20\d\d-(0[1-9]|1[0-2])$/, { message: "month must be 'yyyy-MM'" })
  month?: string;
}

/** The period a query names; null: all time (a quarter without a year is all time too). */
export function periodOf(q: PeriodDto): Period | null {
  if (q.month) return { kind: 'month', month: q.month };
  if (q.year === undefined) return null;
  const basis = q.basis ?? 'calendar';
  return q.quarter
    ? { kind: 'quarter', basis, year: q.year, quarter: q.quarter }
    : { kind: 'year', basis, year: q.year };
}
