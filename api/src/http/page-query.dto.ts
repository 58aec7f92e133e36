import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsWholeNumberIn } from './whole-number.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

/** page and pageSize of a paginated admin list (the donor list, the ledger). */
export class PageQueryDto {
  // Bounded so the row offset stays a safe integer: 1e17 passed IsInt and overflowed Postgres's bigint (a 500).
  @ApiPropertyOptional({
    description: 'Page number, from 1 (default 1) to 1,000,000.',
    minimum: 1,
    maximum: 1_000_000,
    default: 1,
  })
  @IsOptional()
  @Transform(toInt)
  @IsWholeNumberIn(1, 1_000_000, 'page must be a whole number from 1 to 1,000,000')
  page?: number;

  @ApiPropertyOptional({
    description: 'Rows per page (default 50, at most 100).',
    minimum: 1,
    maximum: 100,
    default: 50,
  })
  @IsOptional()
  @Transform(toInt)
  @IsWholeNumberIn(1, 100, 'pageSize must be a whole number from 1 to 100')
  pageSize?: number;
}
