import { Controller, Get, Inject, Injectable } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import { DataSource } from 'typeorm';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { ENV } from '../../../core/src/config/load-env.js';
import { fiscalYearStartMonth } from '../../../core/src/fiscal-year/fiscal-year-setting.js';
import { todayIn } from '../../../core/src/gifts/calendar.js';
import { AnyRole } from '../auth/roles.decorator.js';

export class FiscalYearDto {
  @ApiProperty({
    minimum: 1,
    maximum: 12,
    description: "The fiscal year's first month (1 = January: fiscal years are calendar years)",
  })
  startMonth: number;
  @ApiProperty({
    example: '2026-11-23',
    description: "Today in the school's TIME_ZONE (the period pickers count years from it)",
  })
  today: string;
}

/** What every period picker needs to offer fiscal years: the start month in force and the school's today. */
@Injectable()
export class FiscalYearService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  async get(): Promise<FiscalYearDto> {
    return { startMonth: await fiscalYearStartMonth(this.ds), today: todayIn(this.env.TIME_ZONE) };
  }
}

@ApiTags('Admin: dashboard')
@ApiBearerAuth()
@AnyRole()
@ApiError(401)
@Controller('stripe')
export class FiscalYearController {
  constructor(@Inject(FiscalYearService) private readonly service: FiscalYearService) {}

  @Get('fiscal-year')
  @ApiOperation({
    summary: "The fiscal year's first month (an owner sets it on the Settings page) and today's date in TIME_ZONE",
  })
  @ApiOkResponse({ type: FiscalYearDto })
  get(): Promise<FiscalYearDto> {
    return this.service.get();
  }
}
