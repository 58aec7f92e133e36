import { ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../http/page-query.dto.js';
import { DateRangeQueryDto } from '../../http/date-range.dto.js';
import { AppealFilter, IsFundId, toFundId } from '../../http/ids.js';

/** What a gift was paid with, as the ledger filters it: Stripe card or bank charges, or a manual gift's type. */
export const LEDGER_METHODS = ['card', 'bank', 'cash', 'check', 'stock', 'in-kind', 'crypto', 'other'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

/** The statuses a transaction shows (chargeDisplayStatus); manual gifts are 'succeeded'. */
export const LEDGER_STATUSES = [
  'succeeded',
  'partially_refunded',
  'refunded',
  'disputed',
  'failed',
  'pending',
] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** `status=a,b` or `status=a&status=b`, both as a list. */
const toList = ({ value }: { value: unknown }) =>
  value === undefined || value === ''
    ? undefined
    : (Array.isArray(value) ? value : String(value).split(',')).map((v) => String(v).trim()).filter(Boolean);

/** The ledger's filters, shared by its page (GET /api/stripe/transactions) and its CSV. */
export class LedgerFilterDto extends DateRangeQueryDto {
  @ApiPropertyOptional({
    maxLength: 100,
    description:
      'An amount in dollars (25, 25.00, $1,250.50) finds gifts of exactly that amount; other text is searched in the donor name and e-mail (substring, case-insensitive).',
  })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(100, { message: 'q must be at most 100 characters' })
  q?: string;

  @ApiPropertyOptional({ isArray: true, enum: LEDGER_STATUSES, description: 'Comma-separated; any of them.' })
  @IsOptional()
  @Transform(toList)
  @IsIn(LEDGER_STATUSES as unknown as string[], {
    each: true,
    message: `status must be among ${LEDGER_STATUSES.join(', ')}`,
  })
  status?: LedgerStatus[];

  @ApiPropertyOptional({
    isArray: true,
    enum: LEDGER_METHODS,
    description: 'Comma-separated; any of them. bank: Stripe charges without a card (ACH).',
  })
  @IsOptional()
  @Transform(toList)
  @IsIn(LEDGER_METHODS as unknown as string[], {
    each: true,
    message: `method must be among ${LEDGER_METHODS.join(', ')}`,
  })
  method?: LedgerMethod[];

  @ApiPropertyOptional({
    isArray: true,
    type: Number,
    description: 'Fund ids, comma-separated; any of them (1 is General).',
  })
  @IsOptional()
  @Transform(({ value }) => toList({ value })?.map((v: string) => toFundId({ value: v })))
  @IsFundId('fund must be fund ids', { each: true })
  fund?: number[];

  @AppealFilter()
  appeal?: string;
}

/** The ledger's filters with page and pageSize (swagger's IntersectionType carries the validation rules of both). */
export class LedgerQueryDto extends IntersectionType(LedgerFilterDto, PageQueryDto) {}
