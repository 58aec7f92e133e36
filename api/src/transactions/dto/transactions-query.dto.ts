import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { AppealFilter } from '../../http/ids.js';

export const TIMEFRAMES = ['all', 'last-7-days', 'last-30-days', 'last-3-months', 'last-year', 'custom'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];

/**
 * GET /api/stripe/customer/:id/transactions: a preset, or a custom inclusive range of local days; optionally only
 * the gifts credited to one appeal (the donor's CSV export follows the list).
 */
export class TransactionsQueryDto {
  @ApiPropertyOptional({
    enum: TIMEFRAMES,
    default: 'all',
    description: "Preset range ending today in TIME_ZONE; 'custom' (or none) with start_date/end_date.",
  })
  @IsOptional()
  @IsIn(TIMEFRAMES as unknown as string[], { message: `timeframe must be one of ${TIMEFRAMES.join(', ')}` })
  timeframe?: Timeframe;

  @ApiPropertyOptional({
    example: '2026-01-01',
    description: 'First day included (YYYY-MM-DD, in TIME_ZONE). Needs end_date.',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'start_date must be a date in the form YYYY-MM-DD' })
  start_date?: string;

  @ApiPropertyOptional({
    example: '2026-03-31',
    description: 'Last day included (YYYY-MM-DD, in TIME_ZONE). Needs start_date.',
  })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'end_date must be a date in the form YYYY-MM-DD' })
  end_date?: string;

  @AppealFilter()
  appeal?: string;
}
