import { Module } from '@nestjs/common';
import { PhotosModule } from '../photos/photos.module.js';
import { EventsService } from './events.service.js';
import { NewsService } from './news.service.js';
import { EventsAdminController, NewsAdminController, SiteNewsPublicController } from './site-news.controller.js';

/** The public site's news posts and events: the editors' API and the public reads under /api/site. */
@Module({
  imports: [PhotosModule],
  controllers: [SiteNewsPublicController, NewsAdminController, EventsAdminController],
  providers: [NewsService, EventsService],
})
export class SiteNewsModule {}
