import { Body, Controller, Get, HttpCode, Inject, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ErrorDto } from '../../../core/src/http/errors.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';
import { notModified } from '../http/not-modified.js';
import { requestMeta } from '../auth/auth.controller.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import {
  AppealAdminDto,
  AppealIdParamDto,
  AppealPublicDto,
  AppealSlugParamDto,
  GiftAppealDto,
  GiftIdParamDto,
  MoveGiftAppealDto,
  AppealInputDto,
} from './dto/appeal.dto.js';
import { AppealsService } from './appeals.service.js';

/** The public answer's ETag: a hash of what it says. */
function appealEtag(appeal: AppealPublicDto): string {
  return `W/"appeal-${createHash('sha256').update(JSON.stringify(appeal)).digest('base64url').slice(0, 27)}"`;
}

/** Public: an appeal's page data (its progress from the kept totals). */
@ApiTags('appeals')
@Controller('appeals')
export class PublicAppealsController {
  constructor(@Inject(AppealsService) private readonly service: AppealsService) {}

  @Get(':slug')
  @ApiOperation({ summary: "A published appeal's page: story, goal, progress, days left, named recent gifts" })
  @ApiOkResponse({ type: AppealPublicDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  @ApiResponse({ status: 304, description: 'Not Modified: the If-None-Match ETag is still the answer' })
  async get(
    @Param() { slug }: AppealSlugParamDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AppealPublicDto> {
    const appeal = await this.service.publicBySlug(slug);
    // The page asks every few seconds: while nothing shown changed, 304 and no body (a hash of the answer, so a
    // gift, an edit, the days left or the appeal closing all change it; checked each time: no-cache).
    if (notModified(req, res, appealEtag(appeal), 'no-cache')) return undefined as unknown as AppealPublicDto;
    return appeal;
  }
}

@AdminApi('Appeals', { badRequest: true })
@Controller('admin/appeals')
export class AppealsController {
  constructor(@Inject(AppealsService) private readonly service: AppealsService) {}

  @Get()
  @ApiOperation({ summary: 'Every appeal with its progress (kept totals)' })
  @ApiOkResponse({ type: [AppealAdminDto] })
  list(): Promise<AppealAdminDto[]> {
    return this.service.list();
  }

  @Post()
  @ApiOperation({ summary: 'Creates a draft appeal (audited)' })
  @ApiOkResponse({ type: AppealAdminDto })
  create(
    @CurrentAdmin() actor: PublicAdmin,
    @Body() body: AppealInputDto,
    @Req() req: Request,
  ): Promise<AppealAdminDto> {
    return this.service.create(actor, body, requestMeta(req));
  }

  @Get(':id')
  @ApiOkResponse({ type: AppealAdminDto })
  get(@Param() { id }: AppealIdParamDto): Promise<AppealAdminDto> {
    return this.service.get(id);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edits an appeal (audited)' })
  @ApiOkResponse({ type: AppealAdminDto })
  update(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: AppealIdParamDto,
    @Body() body: AppealInputDto,
    @Req() req: Request,
  ): Promise<AppealAdminDto> {
    return this.service.update(actor, id, body, requestMeta(req));
  }

  @Post(':id/publish')
  @HttpCode(200)
  @ApiOperation({ summary: 'Publishes an appeal: its page takes gifts from its first day (audited)' })
  @ApiOkResponse({ type: AppealAdminDto })
  publish(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: AppealIdParamDto,
    @Req() req: Request,
  ): Promise<AppealAdminDto> {
    return this.service.transition(actor, id, 'publish', requestMeta(req));
  }

  @Post(':id/end')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends an appeal early: it takes no more gifts from now (audited)' })
  @ApiOkResponse({ type: AppealAdminDto })
  end(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: AppealIdParamDto,
    @Req() req: Request,
  ): Promise<AppealAdminDto> {
    return this.service.transition(actor, id, 'end', requestMeta(req));
  }

  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archives an appeal: no gifts, kept for the reports (audited)' })
  @ApiOkResponse({ type: AppealAdminDto })
  archive(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: AppealIdParamDto,
    @Req() req: Request,
  ): Promise<AppealAdminDto> {
    return this.service.transition(actor, id, 'archive', requestMeta(req));
  }
}

@AdminApi('Appeals', { badRequest: true })
@Controller('admin/transactions')
export class GiftAppealController {
  constructor(@Inject(AppealsService) private readonly service: AppealsService) {}

  @Patch(':id/appeal')
  @ApiOperation({
    summary: "Moves a gift (card or manual) to another appeal or to none; the appeals' totals follow (audited)",
  })
  @ApiOkResponse({ type: GiftAppealDto })
  move(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: GiftIdParamDto,
    @Body() body: MoveGiftAppealDto,
    @Req() req: Request,
  ): Promise<GiftAppealDto> {
    return this.service.moveGift(actor, id, body.appealId, requestMeta(req));
  }
}
