import { Module } from '@nestjs/common';
import { PhotosModule } from '../photos/photos.module.js';
import { AppealsController, GiftAppealController, PublicAppealsController } from './appeals.controller.js';
import { AppealsService } from './appeals.service.js';
import { GiftAppealRepository } from './gift-appeal.repository.js';

/** Appeals (issue 30): the admin's create/edit/publish/end/archive, moving a gift, and the public page's read. */
@Module({
  imports: [PhotosModule],
  controllers: [PublicAppealsController, AppealsController, GiftAppealController],
  providers: [AppealsService, GiftAppealRepository],
  exports: [AppealsService],
})
export class AppealsModule {}
