import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request } from 'express';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { PageStateDto, RevisionsDto, SaveDraftDto, SitePagesAdminDto } from './site-pages.dto.js';
import { SitePagesService } from './site-pages.service.js';

const actorOf = (admin: PublicAdmin, req: Request) => ({
  adminId: admin.id,
  ip: req.ip,
  userAgent: req.get('user-agent') ?? undefined,
});

/** Website > Pages (owners and editors): drafts, publish, history, restore. */
@AdminApi('Admin: website', { roles: 'website', badRequest: true })
@Controller('admin/website/pages')
export class SitePagesController {
  constructor(@Inject(SitePagesService) private readonly pages: SitePagesService) {}

  @Get()
  @ApiOkResponse({ type: SitePagesAdminDto })
  list(): Promise<SitePagesAdminDto> {
    return this.pages.adminPages();
  }

  @Put(':page/draft')
  @ApiOperation({ summary: "Saves a page's draft (sanitised; visitors see nothing until it is published)" })
  @ApiOkResponse({ type: PageStateDto })
  saveDraft(
    @Param('page') page: string,
    @Body() body: SaveDraftDto,
    @CurrentAdmin() admin: PublicAdmin,
    @Req() req: Request,
  ): Promise<PageStateDto> {
    return this.pages.saveDraft(page, body.content, actorOf(admin, req));
  }

  @Delete(':page/draft')
  @ApiOkResponse({ type: PageStateDto })
  discardDraft(
    @Param('page') page: string,
    @CurrentAdmin() admin: PublicAdmin,
    @Req() req: Request,
  ): Promise<PageStateDto> {
    return this.pages.discardDraft(page, actorOf(admin, req));
  }

  @Post(':page/publish')
  @HttpCode(200)
  @ApiOperation({ summary: "Publishes the page's draft as a new revision; visitors see it on their next page load" })
  @ApiOkResponse({ type: PageStateDto })
  publish(@Param('page') page: string, @CurrentAdmin() admin: PublicAdmin, @Req() req: Request): Promise<PageStateDto> {
    return this.pages.publish(page, actorOf(admin, req));
  }

  @Get(':page/revisions')
  @ApiOkResponse({ type: RevisionsDto })
  revisions(@Param('page') page: string): Promise<RevisionsDto> {
    return this.pages.revisions(page);
  }

  @Post(':page/revisions/:revisionId/restore')
  @HttpCode(200)
  @ApiOperation({ summary: "Publishes an earlier revision's content again (as a new revision)" })
  @ApiOkResponse({ type: PageStateDto })
  restore(
    @Param('page') page: string,
    @Param('revisionId') revisionId: string,
    @CurrentAdmin() admin: PublicAdmin,
    @Req() req: Request,
  ): Promise<PageStateDto> {
    return this.pages.restore(page, revisionId, actorOf(admin, req));
  }
}
