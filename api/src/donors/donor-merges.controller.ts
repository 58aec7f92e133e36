import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import type { Request } from 'express';
import { AuditService } from '../auth/audit.service.js';
import { DonorMergesService } from './donor-merges.service.js';
import {
  DonorMergeDto,
  MergeDuplicateDto,
  MergePreviewDto,
  MergeResultDto,
  MergeUndoneDto,
} from './dto/donor-merge.dto.js';
import { AdminApi } from '../auth/admin-api.decorator.js';

const STRIPE_NOTE =
  'Both Stripe customers stay in Stripe (Stripe cannot merge customers); later gifts of the duplicate count under the kept donor.';

@AdminApi('Admin: donors')
@Controller('stripe/customer/:id/merges')
export class DonorMergesController {
  constructor(@Inject(DonorMergesService) private readonly merges: DonorMergesService) {}

  @Get('preview')
  @ApiOperation({
    summary: 'What merging a duplicate into this donor would do',
    description: `Both records with their gift counts and totals (DOLLARS), and the kept donor after. ${STRIPE_NOTE}`,
  })
  @ApiOkResponse({ type: MergePreviewDto })
  @ApiError(400)
  @ApiError(404)
  @ApiError(409, 'One of them is merged already, or the duplicate keeps merged records.')
  preview(@Param('id') id: string, @Query() q: MergeDuplicateDto): Promise<MergePreviewDto> {
    return this.merges.preview(id, q.duplicateId);
  }

  @Post()
  @ApiOperation({
    summary: 'Merge a duplicate record into this donor (kept)',
    description: `The duplicate’s gifts move to this donor; the duplicate leaves every list and count. Audited; undone by POST .../merges/{mergeId}/undo. ${STRIPE_NOTE}`,
  })
  @ApiCreatedResponse({ type: MergeResultDto })
  @ApiError(400)
  @ApiError(404)
  @ApiError(409)
  merge(@Param('id') id: string, @Body() body: MergeDuplicateDto, @Req() req: Request): Promise<MergeResultDto> {
    return this.merges.merge(id, body.duplicateId, AuditService.context(req));
  }

  @Get()
  @ApiOperation({ summary: 'Records merged into this donor (merges in force)' })
  @ApiOkResponse({ type: [DonorMergeDto] })
  list(@Param('id') id: string): Promise<DonorMergeDto[]> {
    return this.merges.list(id);
  }

  @Post(':mergeId/undo')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Undo a merge',
    description:
      'Moves back exactly the gifts the merge moved (and the duplicate’s gifts that arrived since); both records are as before. Audited.',
  })
  @ApiOkResponse({ type: MergeUndoneDto })
  @ApiError(404)
  undo(@Param('id') id: string, @Param('mergeId') mergeId: string, @Req() req: Request): Promise<MergeUndoneDto> {
    return this.merges.undo(id, mergeId, AuditService.context(req));
  }
}
