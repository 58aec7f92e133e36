import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { RETENTION_DAYS_MAX, RETENTION_DAYS_MIN } from '../../../core/src/settings/admin-settings.js';

const DAYS_MESSAGE = `inboxRetentionDays must be a whole number of days from ${RETENTION_DAYS_MIN} to ${RETENTION_DAYS_MAX}`;

const MONTH_MESSAGE = 'fiscalYearStartMonth must be a month number from 1 (January) to 12 (December)';

/** A change on the Settings page: only the settings sent change. Later settings join as optional fields. */
export class UpdateSettingsDto {
  @ApiPropertyOptional({ description: 'Every admin must use two-factor sign-in' })
  @IsOptional()
  @IsBoolean({ message: 'requireTwoFactor must be true or false' })
  requireTwoFactor?: boolean;

  @ApiPropertyOptional({ minimum: RETENTION_DAYS_MIN, maximum: RETENTION_DAYS_MAX })
  @IsOptional()
  @IsInt({ message: DAYS_MESSAGE })
  @Min(RETENTION_DAYS_MIN, { message: DAYS_MESSAGE })
  @Max(RETENTION_DAYS_MAX, { message: DAYS_MESSAGE })
  inboxRetentionDays?: number;

  @ApiPropertyOptional({
    description: 'Acknowledge new gifts by e-mail automatically (switching on applies to gifts made from then on)',
  })
  @IsOptional()
  @IsBoolean({ message: 'automaticAcknowledgments must be true or false' })
  automaticAcknowledgments?: boolean;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 12,
    description: "The fiscal year's first month (1 = January: fiscal years are calendar years)",
  })
  @IsOptional()
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  fiscalYearStartMonth?: number;
}

export class SettingChangeDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Null: never changed (the default applies)',
  })
  updatedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Name of the admin who changed it last' }) updatedBy:
    string | null;
}

export class BooleanSettingDto extends SettingChangeDto {
  @ApiProperty() value: boolean;
}

export class RetentionSettingDto extends SettingChangeDto {
  @ApiProperty({ description: 'Days in force' }) value: number;
  @ApiProperty({ enum: ['setting', 'environment'], description: 'Where the value in force comes from' }) source:
    'setting' | 'environment';
  @ApiProperty({ description: 'INBOX_RETENTION_DAYS of the server (used until a value is set here)' })
  environmentValue: number;
}

export class MonthSettingDto extends SettingChangeDto {
  @ApiProperty({ minimum: 1, maximum: 12, description: '1 = January' }) value: number;
}

export class AcknowledgmentsSettingDto extends BooleanSettingDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      'When automatic acknowledgments were last switched on: gifts dated earlier are never e-mailed automatically',
  })
  since: string | null;
}

export class SettingsDto {
  @ApiProperty({ type: BooleanSettingDto }) requireTwoFactor: BooleanSettingDto;
  @ApiProperty({ type: RetentionSettingDto }) inboxRetentionDays: RetentionSettingDto;
  @ApiProperty({ type: AcknowledgmentsSettingDto }) automaticAcknowledgments: AcknowledgmentsSettingDto;
  @ApiProperty({
    type: MonthSettingDto,
    description: "The fiscal year's first month; fiscal years are named by the calendar year in which they end",
  })
  fiscalYearStartMonth: MonthSettingDto;
  @ApiProperty({ description: 'The server can enrol admins in two-factor sign-in (TWO_FACTOR_KEY is set)' })
  twoFactorAvailable: boolean;
}
