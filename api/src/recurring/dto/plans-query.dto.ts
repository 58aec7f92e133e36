import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { PLAN_STATUSES, type PlanStatus } from '../recurring.repository.js';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));

export class PlansQueryDto {
  @ApiPropertyOptional({ enum: PLAN_STATUSES, description: 'Only plans of this status (default: every plan).' })
  @IsOptional()
  @IsIn(PLAN_STATUSES, { message: `status must be one of ${PLAN_STATUSES.join(', ')}` })
  status?: PlanStatus;

  @ApiPropertyOptional({
    description: 'The nextCursor of the previous page (default: the first page).',
    maxLength: 200,
  })
  @IsOptional()
  @IsString({ message: 'cursor must be text' })
  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: 'cursor must be the nextCursor of a previous page' })
  cursor?: string;

  @ApiPropertyOptional({
    description: 'Plans per page (default 50, at most 100).',
    minimum: 1,
    maximum: 100,
    default: 50,
  })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'limit must be a whole number from 1 to 100' })
  @Min(1, { message: 'limit must be a whole number from 1 to 100' })
  @Max(100, { message: 'limit must be a whole number from 1 to 100' })
  limit?: number;
}
