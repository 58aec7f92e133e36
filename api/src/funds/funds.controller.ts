import { Body, Controller, Get, Inject, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request, Response } from 'express';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { requestMeta } from '../auth/auth.controller.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { AnyRole, OwnerOnly } from '../auth/roles.decorator.js';
import {
  CreateFundDto,
  DonationOptionsDto,
  FundDto,
  FundTotalDto,
  FundTotalsQueryDto,
  UpdateFundDto,
} from './funds.dto.js';
import { FundsService } from './funds.service.js';
import { FundIdParamDto } from '../http/ids.js';

/** Public: what the donate page offers (the open funds and the card fee of "cover the fees"). */
@ApiTags('donations')
@Controller()
export class DonationOptionsController {
  constructor(@Inject(FundsService) private readonly service: FundsService) {}

  @Get('donation-options')
  @ApiOkResponse({ type: DonationOptionsDto })
  options(@Res({ passthrough: true }) res: Response): Promise<DonationOptionsDto> {
    res.setHeader('Cache-Control', 'no-cache');
    return this.service.donationOptions();
  }
}

@ApiTags('Admin: funds')
@ApiBearerAuth()
@ApiError(401)
@Controller('admin/funds')
export class FundsController {
  constructor(@Inject(FundsService) private readonly service: FundsService) {}

  @Get()
  @AnyRole()
  @ApiOkResponse({ type: [FundDto] })
  list(): Promise<FundDto[]> {
    return this.service.list();
  }

  @Post()
  @OwnerOnly()
  @ApiOperation({ summary: 'Adds a fund donors and manual gifts can choose (audited)' })
  @ApiOkResponse({ type: FundDto })
  create(@CurrentAdmin() actor: PublicAdmin, @Body() body: CreateFundDto, @Req() req: Request): Promise<FundDto> {
    return this.service.create(actor, body, requestMeta(req));
  }

  @Patch(':id')
  @OwnerOnly()
  @ApiOperation({ summary: 'Renames, describes, archives or brings back a fund (audited)' })
  @ApiOkResponse({ type: FundDto })
  update(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: FundIdParamDto,
    @Body() body: UpdateFundDto,
    @Req() req: Request,
  ): Promise<FundDto> {
    return this.service.update(actor, id, body, requestMeta(req));
  }
}

@ApiTags('Admin: dashboard')
@ApiBearerAuth()
@ApiError(401)
@AnyRole()
@Controller('stripe/funds')
export class FundTotalsController {
  constructor(@Inject(FundsService) private readonly service: FundsService) {}

  @Get('totals')
  @ApiOperation({
    summary:
      'Each fund’s gifts over a range of days (TIME_ZONE): count, CENTS to the fund, CENTS of fee coverage kept apart',
  })
  @ApiOkResponse({ type: [FundTotalDto] })
  totals(@Query() q: FundTotalsQueryDto): Promise<FundTotalDto[]> {
    return this.service.totals(q);
  }
}
