import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';

/** An inclusive range of local days (TIME_ZONE), either end optional: the ledger's and the fund totals' filter. */
export class DateRangeQueryDto {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'First day included (YYYY-MM-DD, in TIME_ZONE).' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'start_date must be a date in the form YYYY-MM-DD' })
  start_date?: string;

  @ApiPropertyOptional({ example: '2026-12-31', description: 'Last day included (YYYY-MM-DD, in TIME_ZONE).' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'end_date must be a date in the form YYYY-MM-DD' })
  end_date?: string;
}
