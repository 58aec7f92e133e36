import { Module } from '@nestjs/common';
import { SitePagesController } from './site-pages.controller.js';
import { SitePagesService } from './site-pages.service.js';
import { SitePublicController } from './site-public.controller.js';

/** The Website section's pages and the public site's read of them. */
@Module({
  controllers: [SitePagesController, SitePublicController],
  providers: [SitePagesService],
  exports: [SitePagesService],
})
export class WebsiteModule {}
