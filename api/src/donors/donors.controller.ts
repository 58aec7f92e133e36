import { Inject, Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { OwnerOnly } from '../auth/roles.decorator.js';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { DonorsService } from './donors.service.js';
import { CreateDonorDto } from './dto/create-donor.dto.js';
import { DonorsQueryDto } from './dto/donors-query.dto.js';
import { DeletedDto, DonorDto, DonorListDto, UpdatedDto } from './dto/donor.dto.js';
import { UpdateDonorDto } from './dto/update-donor.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

@AdminApi('Admin: donors')
@Controller('stripe')
export class DonorsController {
  constructor(@Inject(DonorsService) private readonly donors: DonorsService) {}

  @Get('customers')
  @ApiOperation({
    summary: 'Donors (paginated, newest first) with a summary',
    description:
      'donationStats.totalDonated and summary.totalLifetimeValue are DOLLARS. Deleted donors are left out, and so are customers of card attempts that never succeeded. Without query parameters: the first page of 50.',
  })
  @ApiOkResponse({ type: DonorListDto })
  @ApiError(400)
  list(@Query() query: DonorsQueryDto): Promise<DonorListDto> {
    return this.donors.list(query);
  }

  @Post('customers')
  @ApiOperation({
    summary: 'Create a donor in Stripe (and in the read model at once)',
    description: 'Answers the new donor in the single-donor shape.',
  })
  @ApiCreatedResponse({ type: DonorDto })
  @ApiError(400, 'Invalid fields, or Stripe refused them.')
  @ApiError(502, 'Stripe could not be reached; nothing was written.')
  create(@Body() body: CreateDonorDto, @Req() req: Request): Promise<DonorDto> {
    return this.donors.create(body, AuditService.context(req));
  }

  @Get('customer/:id')
  @ApiOperation({ summary: 'One donor', description: 'donationStats are DOLLARS. Unknown or deleted donors: 404.' })
  @ApiOkResponse({ type: DonorDto })
  @ApiError(404)
  get(@Param('id') id: string): Promise<DonorDto> {
    return this.donors.get(id);
  }

  @Patch('customer/:id')
  @ApiOperation({
    summary: "Edit a donor's name, e-mail, phone and address in Stripe",
    description:
      'Written to Stripe only; the read model follows through the customer.updated webhook, like every other change. Audited (field names, not values).',
  })
  @ApiOkResponse({ type: UpdatedDto })
  @ApiError(400, 'Invalid fields, or Stripe refused them.')
  @ApiError(404)
  @ApiError(502, 'Stripe could not be reached; nothing was written.')
  update(@Param('id') id: string, @Body() body: UpdateDonorDto, @Req() req: Request): Promise<UpdatedDto> {
    return this.donors.update(id, body, AuditService.context(req));
  }

  @OwnerOnly()
  @Delete('customer/:id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Delete a donor in Stripe; tombstoned here',
    description: 'Their gifts stay in tax reports and statements.',
  })
  @ApiOkResponse({ type: DeletedDto })
  @ApiError(404)
  @ApiError(502)
  remove(@Param('id') id: string, @Req() req: Request): Promise<DeletedDto> {
    return this.donors.delete(id, AuditService.context(req));
  }
}
