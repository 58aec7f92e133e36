import { createHash } from 'node:crypto';
import { Body, Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { siteVersion } from '../../../core/src/site/site-version.js';
import { DataSource } from 'typeorm';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';
import { requestMeta } from '../auth/auth.controller.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { ApiError } from '../http/api-error.js';
import { siteNotModified } from '../website/site-cache.js';
import { EventsService } from './events.service.js';
import { NewsService } from './news.service.js';
import { SiteItemRoute } from './site-item-routes.js';
import {
  AdminNewsPostDto,
  AdminSiteEventDto,
  AdminSiteEventListDto,
  SiteItemDeletedDto,
  NewsListDto,
  NewsListQueryDto,
  NewsPostDto,
  NewsSlugParamDto,
  SaveNewsPostDto,
  SaveSiteEventDto,
  SiteEventListDto,
  SiteIdParamDto,
} from './site-news.dto.js';

/** The public site's news and events (no session; answered with the site version's ETag, checked each time). */
@ApiTags('site')
@Controller('site')
export class SiteNewsPublicController {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(NewsService) private readonly news: NewsService,
    @Inject(EventsService) private readonly events: EventsService,
  ) {}

  @Get('news')
  @ApiOperation({ summary: 'The published news posts, newest first (Home shows the latest three: limit=3)' })
  @ApiOkResponse({ type: NewsListDto })
  async newsList(
    @Query() q: NewsListQueryDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NewsListDto> {
    const limit = q.limit ?? 50;
    const { version } = await siteVersion.read(this.ds);
    if (siteNotModified(req, res, `news-${limit}`, version)) return undefined as unknown as NewsListDto;
    return { posts: await this.news.published(limit) };
  }

  @Get('news/:slug')
  @ApiOperation({ summary: 'One published news post (404 for drafts and unknown addresses)' })
  @ApiOkResponse({ type: NewsPostDto })
  @ApiError(404)
  async newsPost(
    @Param() { slug }: NewsSlugParamDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<NewsPostDto> {
    const { version } = await siteVersion.read(this.ds);
    if (siteNotModified(req, res, `news-post-${slug}`, version)) return undefined as unknown as NewsPostDto;
    return this.news.publishedPost(slug);
  }

  @Get('events')
  @ApiOperation({
    summary: 'The published events that have not ended (by the clock when asked), soonest first; times in TIME_ZONE',
  })
  @ApiOkResponse({ type: SiteEventListDto })
  async eventList(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SiteEventListDto> {
    const { version } = await siteVersion.read(this.ds);
    const events = await this.events.upcoming();
    // The list also changes with no publish, when an event ends: which events are listed is part of the ETag.
    const listed = createHash('sha256')
      .update(events.map((e) => e.id).join(','))
      .digest('base64url')
      .slice(0, 16);
    if (siteNotModified(req, res, `events-${listed}`, version)) return undefined as unknown as SiteEventListDto;
    return { timeZone: this.events.timeZone, events };
  }

  @Get('events/:id.ics')
  @ApiOperation({ summary: 'An upcoming event as an iCalendar file ("Add to calendar"): times in UTC, a stable UID' })
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'An iCalendar file (text/calendar), downloaded as <day>-<title>.ics' })
  @ApiError(404)
  async calendar(@Param() { id }: SiteIdParamDto, @Res() res: Response): Promise<void> {
    const { filename, ics } = await this.events.calendarFile(id);
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.setHeader('Cache-Control', 'no-cache');
    res.send(ics);
  }
}

@AdminApi('Admin: website news', { roles: 'website', badRequest: true })
@Controller('admin/website/news')
export class NewsAdminController {
  constructor(@Inject(NewsService) private readonly news: NewsService) {}

  @Get()
  @ApiOperation({ summary: 'Every news post, drafts included, newest first' })
  @ApiOkResponse({ type: [AdminNewsPostDto] })
  list(): Promise<AdminNewsPostDto[]> {
    return this.news.list();
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminNewsPostDto })
  @ApiError(404)
  get(@Param() { id }: SiteIdParamDto): Promise<AdminNewsPostDto> {
    return this.news.get(id);
  }

  @SiteItemRoute.create('Writes a post (a draft unless published: true); texts sanitised; audited', AdminNewsPostDto)
  create(
    @CurrentAdmin() actor: PublicAdmin,
    @Body() body: SaveNewsPostDto,
    @Req() req: Request,
  ): Promise<AdminNewsPostDto> {
    return this.news.create(actor, body, requestMeta(req));
  }

  @SiteItemRoute.update('Changes, publishes (published: true) or unpublishes a post; audited', AdminNewsPostDto)
  update(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: SiteIdParamDto,
    @Body() body: SaveNewsPostDto,
    @Req() req: Request,
  ): Promise<AdminNewsPostDto> {
    return this.news.update(actor, id, body, requestMeta(req));
  }

  @SiteItemRoute.remove('Deletes a post; audited')
  async remove(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: SiteIdParamDto,
    @Req() req: Request,
  ): Promise<SiteItemDeletedDto> {
    await this.news.remove(actor, id, requestMeta(req));
    return { deleted: true };
  }
}

@AdminApi('Admin: website events', { roles: 'website', badRequest: true })
@Controller('admin/website/events')
export class EventsAdminController {
  constructor(@Inject(EventsService) private readonly events: EventsService) {}

  @Get()
  @ApiOperation({ summary: 'Every event, drafts and past ones included, soonest first; days and times in TIME_ZONE' })
  @ApiOkResponse({ type: AdminSiteEventListDto })
  async list(): Promise<AdminSiteEventListDto> {
    return { timeZone: this.events.timeZone, events: await this.events.list() };
  }

  @Get(':id')
  @ApiOkResponse({ type: AdminSiteEventDto })
  @ApiError(404)
  get(@Param() { id }: SiteIdParamDto): Promise<AdminSiteEventDto> {
    return this.events.get(id);
  }

  @SiteItemRoute.create(
    'Adds an event (a draft unless published: true); days and times in TIME_ZONE; audited',
    AdminSiteEventDto,
  )
  create(
    @CurrentAdmin() actor: PublicAdmin,
    @Body() body: SaveSiteEventDto,
    @Req() req: Request,
  ): Promise<AdminSiteEventDto> {
    return this.events.create(actor, body, requestMeta(req));
  }

  @SiteItemRoute.update('Changes, publishes or unpublishes an event; audited', AdminSiteEventDto)
  update(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: SiteIdParamDto,
    @Body() body: SaveSiteEventDto,
    @Req() req: Request,
  ): Promise<AdminSiteEventDto> {
    return this.events.update(actor, id, body, requestMeta(req));
  }

  @SiteItemRoute.remove('Deletes an event; audited')
  async remove(
    @CurrentAdmin() actor: PublicAdmin,
    @Param() { id }: SiteIdParamDto,
    @Req() req: Request,
  ): Promise<SiteItemDeletedDto> {
    await this.events.remove(actor, id, requestMeta(req));
    return { deleted: true };
  }
}
