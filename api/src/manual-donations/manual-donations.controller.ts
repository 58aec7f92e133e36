import { Body, Controller, Delete, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { badRequest } from '../../../core/src/http/errors.js';
import { CreateManualDonationDto } from './dto/create-manual-donation.dto.js';
import { ManualDonationDeletedDto, ManualDonationDto } from './dto/manual-donation.response.js';
import { validateManualDonation } from './manual-donation.validation.js';
import { ManualDonationsService } from './manual-donations.service.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@AdminApi('Admin: manual donations')
@Controller('admin/manual-donations')
export class ManualDonationsController {
  constructor(
    @Inject(ManualDonationsService) private readonly service: ManualDonationsService,
    @Inject(ENV) private readonly env: EnvDto,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Record an offline gift (cash, check, stock, item, crypto, other)',
    description: 'requires_irs_receipt is set for $250 or more.',
  })
  @ApiBody({ type: CreateManualDonationDto })
  @ApiCreatedResponse({ type: ManualDonationDto })
  @ApiError(400, "The first invalid field, in the form's words; or an unknown stripeCustomerId.")
  // The body is typed `unknown` on purpose: the global pipe then leaves it alone and validateManualDonation
  // answers with the spec's exact messages.
  async create(@Body() body: unknown, @Req() req: Request): Promise<ManualDonationDto> {
    const checked = await validateManualDonation(body, this.env.TIME_ZONE);
    if (!checked.ok) throw badRequest(checked.message);
    return this.service.create(checked.value, AuditService.context(req));
  }

  @Delete(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a manual gift (its id is the transaction’s manual_donation_id)' })
  @ApiOkResponse({ type: ManualDonationDeletedDto })
  @ApiError(404)
  async remove(@Param('id') id: string, @Req() req: Request): Promise<ManualDonationDeletedDto> {
    if (!UUID.test(id)) throw badRequest('Invalid manual donation id');
    return this.service.delete(id, AuditService.context(req));
  }
}
