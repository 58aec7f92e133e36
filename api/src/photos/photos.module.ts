import { Module } from '@nestjs/common';
import { GalleryController, PhotosController } from './photos.controller.js';
import { PhotosRepository } from './photos.repository.js';
import { PhotosService } from './photos.service.js';

/** The school's photos: the Photos screen's API, the public Gallery and the files under /media/. */
@Module({
  controllers: [GalleryController, PhotosController],
  providers: [PhotosRepository, PhotosService],
  exports: [PhotosService, PhotosRepository],
})
export class PhotosModule {}
