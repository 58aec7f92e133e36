import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Max, Min, ValidateIf } from 'class-validator';

/**
 * The bounds of the numeric ids the API takes, in one place. A fund id is a Postgres `integer`; the outbox's
 * and the merges' ids are `bigserial`. An id past its column's range passed `IsInt` and overflowed in the
 * database (a 500): `fundId: 1099511627776`, `PATCH /api/admin/funds/99999999999`.
 */
export const FUND_ID_MAX = 2_147_483_647;

/** A `bigserial` id as the path carries it: 1 to 18 digits (below 2^63), no leading zero. */
export const BIGSERIAL_ID = /^[1-9][0-9]{0,17}$/;

/** A fund id as JSON or a query string may carry it: digits become a number, '' and null mean "not given". */
export const toFundId = ({ value }: { value: unknown }): unknown =>
  value === '' || value === null
    ? undefined
    : typeof value === 'string' && /^\d{1,10}$/.test(value)
      ? Number(value)
      : value;

/** A fund id: a whole number from 1 to FUND_ID_MAX, refused with `message` otherwise (each of a list with `each`). */
export function IsFundId(message: string, opts: { each?: boolean } = {}): PropertyDecorator {
  return applyDecorators(
    IsInt({ message, each: opts.each }),
    Min(1, { message, each: opts.each }),
    Max(FUND_ID_MAX, { message, each: opts.each }),
  );
}

/** `PATCH /api/admin/funds/:id`: the path's fund id. */
export class FundIdParamDto {
  @ApiProperty({ type: Number, example: 2, minimum: 1, maximum: FUND_ID_MAX })
  @Transform(toFundId)
  @IsFundId('The fund id must be a whole number from 1 to 2,147,483,647')
  id: number;
}

/** A UUID id in a path (`/:id`), refused with `message` otherwise. */
export function UuidParam(message: string): PropertyDecorator {
  return applyDecorators(ApiProperty({ format: 'uuid' }), IsUUID('all', { message }));
}

/** An id that may be null (meaning none): a UUID or null, refused with `message` otherwise. */
export function IsUuidOrNull(message: string): PropertyDecorator {
  return applyDecorators(
    ValidateIf((_o, value) => value !== null),
    IsUUID('all', { message }),
  );
}

/**
 * The `appeal` filter of the exports (ledger, a donor's transactions, the tax CSVs): an appeal id, and then only
 * the gifts credited to that appeal.
 */
export function AppealFilter(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ format: 'uuid', description: 'An appeal id: only the gifts credited to that appeal.' }),
    IsOptional(),
    IsUUID('all', { message: 'appeal must be an appeal id' }),
  );
}
