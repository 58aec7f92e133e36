import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ErrorDto } from '../../../core/src/http/errors.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AdminApi } from '../auth/admin-api.decorator.js';
import { AuditService } from '../auth/audit.service.js';
import { CurrentAdmin } from '../auth/current-admin.decorator.js';
import { ACCEPTED_PHOTO_TYPES } from '../../../core/src/photos/photo-type.js';
import { AdminPhotoDto, GalleryDto, PhotoOrderDto, PhotoUseDto, UpdatePhotoDto } from './photos.dto.js';
import { PhotosService } from './photos.service.js';

/** Public: the Gallery's published photos, revalidated on every read (a publish shows at once). */
@ApiTags('site')
@Controller('site/gallery')
export class GalleryController {
  constructor(@Inject(PhotosService) private readonly service: PhotosService) {}

  @Get()
  @ApiOkResponse({ type: GalleryDto })
  async gallery(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<GalleryDto> {
    const body = await this.service.gallery();
    const etag = `"g-${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
    res.setHeader('Cache-Control', 'public, no-cache');
    res.setHeader('ETag', etag);
    if (req.get('if-none-match') === etag) res.status(304);
    return body;
  }
}

/** The Website section's Photos screen. Uploads are processed at once (a phone photo takes a few seconds). */
@AdminApi('Admin: website photos', { roles: 'owner', badRequest: true })
@Controller('admin/website/photos')
export class PhotosController {
  constructor(@Inject(PhotosService) private readonly service: PhotosService) {}

  @Get()
  @ApiOperation({ summary: 'Every photo, published or not, in Gallery order' })
  @ApiOkResponse({ type: [AdminPhotoDto] })
  list(): Promise<AdminPhotoDto[]> {
    return this.service.list();
  }

  @Post()
  @ApiOperation({
    summary: `Upload a photo: the body is the file (${ACCEPTED_PHOTO_TYPES}), its kind read from its bytes`,
    description:
      'Turned upright, stripped of all metadata (location included) and made in AVIF, WebP and JPEG at up to three widths. Unpublished until it has alt text and is published.',
  })
  @ApiConsumes('application/octet-stream', 'image/jpeg', 'image/png', 'image/webp', 'image/heic')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ type: AdminPhotoDto })
  @ApiConflictResponse({ type: ErrorDto, description: 'The same file is already in the library' })
  @ApiPayloadTooLargeResponse({ type: ErrorDto, description: 'Larger than PHOTO_MAX_UPLOAD_MB' })
  @ApiUnsupportedMediaTypeResponse({ type: ErrorDto, description: 'Not a photo (SVG, GIF, text...), named' })
  upload(@CurrentAdmin() actor: PublicAdmin, @Req() req: Request): Promise<AdminPhotoDto> {
    return this.service.upload(actor, req, AuditService.context(req));
  }

  @Put('order')
  @ApiOperation({ summary: 'The Gallery order: every photo id, in order (audited)' })
  @ApiOkResponse({ type: [AdminPhotoDto] })
  @ApiConflictResponse({ type: ErrorDto, description: 'The list is not the current photos' })
  reorder(@Body() body: PhotoOrderDto, @Req() req: Request): Promise<AdminPhotoDto[]> {
    return this.service.reorder(body.ids, AuditService.context(req));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Alt text, caption, publish or unpublish (publishing needs alt text; audited)' })
  @ApiOkResponse({ type: AdminPhotoDto })
  @ApiNotFoundResponse({ type: ErrorDto })
  update(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: UpdatePhotoDto,
    @Req() req: Request,
  ): Promise<AdminPhotoDto> {
    return this.service.update(id, body, AuditService.context(req));
  }

  @Get(':id/uses')
  @ApiOperation({ summary: 'Where the photo is used on the site (pages, news posts...)' })
  @ApiOkResponse({ type: [PhotoUseDto] })
  @ApiNotFoundResponse({ type: ErrorDto })
  uses(@Param('id', new ParseUUIDPipe()) id: string): Promise<PhotoUseDto[]> {
    return this.service.uses(id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a photo and its files (refused, naming where, while the site uses it; audited)' })
  @ApiNoContentResponse()
  @ApiConflictResponse({ type: ErrorDto, description: 'Used on a page or post: the message says where' })
  @ApiNotFoundResponse({ type: ErrorDto })
  delete(@Param('id', new ParseUUIDPipe()) id: string, @Req() req: Request): Promise<void> {
    return this.service.delete(id, AuditService.context(req));
  }
}
