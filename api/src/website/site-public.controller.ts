import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { PublicSitePagesDto } from './site-pages.dto.js';
import { SitePagesService } from './site-pages.service.js';
import { siteNotModified } from './site-cache.js';

/** The public site's reads (no session): published content only, with the site version as ETag. */
@ApiTags('Public site')
@Controller('site')
export class SitePublicController {
  constructor(@Inject(SitePagesService) private readonly pages: SitePagesService) {}

  @Get('pages')
  @ApiOkResponse({ type: PublicSitePagesDto, description: 'Every page’s published fields (304 when the ETag matches)' })
  async list(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<PublicSitePagesDto | undefined> {
    const body = await this.pages.publicPages();
    if (siteNotModified(req, res, 'pages', body.version)) return undefined;
    return body;
  }
}
