import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Filters of the Audit page (and its CSV): by person (admin or donor), action, and days in TIME_ZONE. */
export class AuditFilterDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Entries by this admin' })
  @IsOptional()
  @IsUUID('all', { message: 'adminId must be an admin id (UUID)' })
  adminId?: string;

  @ApiPropertyOptional({ example: 'cus_123', description: 'Entries by this donor (self-service actions)' })
  @IsOptional()
  @Matches(/^cus_[A-Za-z0-9]{1,250}$/, { message: 'donorId must be a donor id (cus_...)' })
  donorId?: string;

  @ApiPropertyOptional({
    example: 'admin.login',
    description: 'An action, or a family of them ending in a dot (admin.)',
  })
  @IsOptional()
  @Matches(/^[a-z][a-z0-9_.]{0,99}$/, { message: 'action must be an action name such as admin.login' })
  action?: string;

  @ApiPropertyOptional({ example: '2026-01-31', description: 'From this day (inclusive)' })
  @IsOptional()
  @Matches(DAY, { message: 'from must be a date (YYYY-MM-DD)' })
  from?: string;

  @ApiPropertyOptional({ example: '2026-12-31', description: 'To this day (inclusive)' })
  @IsOptional()
  @Matches(DAY, { message: 'to must be a date (YYYY-MM-DD)' })
  to?: string;
}

export class AuditQueryDto extends AuditFilterDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 100000, default: 1 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'page must be a whole number from 1 to 100,000' })
  @Min(1, { message: 'page must be a whole number from 1 to 100,000' })
  @Max(100000, { message: 'page must be a whole number from 1 to 100,000' })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'pageSize must be a whole number from 1 to 200' })
  @Min(1, { message: 'pageSize must be a whole number from 1 to 200' })
  @Max(200, { message: 'pageSize must be a whole number from 1 to 200' })
  pageSize?: number;
}

export class AuditActorDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
}

export class AuditEntryDto {
  @ApiProperty() id: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ enum: ['admin', 'donor', 'system'] }) actorKind: 'admin' | 'donor' | 'system';
  @ApiProperty({ type: AuditActorDto, nullable: true }) admin: AuditActorDto | null;
  @ApiProperty({ type: String, nullable: true }) donorId: string | null;
  @ApiProperty() action: string;
  @ApiProperty({ type: Boolean, nullable: true }) success: boolean | null;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: String, nullable: true }) userAgent: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The e-mail typed at a sign-in attempt' }) emailTried:
    string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) details: Record<string, unknown>;
  @ApiProperty({
    description: 'How many times this refusal happened from this address within the hour after `at` (1: once)',
  })
  repeats: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When it last happened, if more than once',
  })
  lastAt: string | null;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) entries: AuditEntryDto[];
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
  @ApiProperty() hasMore: boolean;
}

export class AuditFiltersDto {
  @ApiProperty({ type: [AuditActorDto] }) admins: AuditActorDto[];
  @ApiProperty({ type: [String] }) actions: string[];
}
