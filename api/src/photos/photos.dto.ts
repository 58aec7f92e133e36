import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { ALT_MAX, CAPTION_MAX, oneLine } from '../../../core/src/photos/photo-text.js';

/** One format of a photo at every width made: for a <picture>'s <source type srcset>. */
export class PhotoSourceDto {
  @ApiProperty({ enum: ['image/avif', 'image/webp', 'image/jpeg'] }) type: 'image/avif' | 'image/webp' | 'image/jpeg';
  @ApiProperty({ example: '/media/3c0b90153e5879b9-480.avif 480w, /media/adbe889d383370e1-960.avif 960w' })
  srcset: string;
}

/** What a page needs to show a photo without layout shift: the sources, a JPEG fallback and the proportions. */
export class PhotoImageDto {
  @ApiProperty({ example: '/media/794036166228a01c-960.jpg', description: 'The JPEG of the middle width' })
  src: string;
  @ApiProperty({ example: 960, description: 'Width of the photo upright, in pixels (as made: at most 1600)' })
  width: number;
  @ApiProperty({ example: 640 }) height: number;
  @ApiProperty({ type: [PhotoSourceDto], description: 'AVIF, then WebP, then JPEG' }) sources: PhotoSourceDto[];
}

/**
 * A photo chosen for some content (a news post's photo, an appeal's cover) as visitors see it: its alt text and
 * its sizes. Only a photo with alt text is ever shown this way.
 */
export class ShownPhotoDto {
  @ApiProperty({ example: 'Students planting tomatoes in the garden', description: 'Plain text: show it as text' })
  alt: string;
  @ApiProperty({ type: PhotoImageDto, description: 'Its sizes as the media route serves them (AVIF, WebP, JPEG)' })
  image: PhotoImageDto;
}

export class GalleryPhotoDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'Plain text: show it as text, never as HTML' }) alt: string;
  @ApiProperty({ description: 'Plain text; may be empty' }) caption: string;
  @ApiProperty({ type: PhotoImageDto }) image: PhotoImageDto;
}

/** The public Gallery: the published photos in the staff's order. */
export class GalleryDto {
  @ApiProperty({ type: [GalleryPhotoDto] }) photos: GalleryPhotoDto[];
  @ApiProperty({
    description:
      'True until the school publishes its first photo: the Gallery then shows the photos that came with the site',
  })
  builtIn: boolean;
}

export class AdminPhotoDto extends GalleryPhotoDto {
  @ApiProperty({ description: 'Shown in the Gallery' }) published: boolean;
  @ApiProperty({ description: 'Place in the Gallery, from 1' }) position: number;
  @ApiProperty({ type: String, format: 'date-time' }) uploadedAt: string;
  @ApiProperty({ type: String, nullable: true }) uploadedBy: string | null;
  @ApiProperty({ description: 'Width of the uploaded photo, upright, in pixels' }) originalWidth: number;
  @ApiProperty() originalHeight: number;
}

export class PhotoUseDto {
  @ApiProperty({ example: 'News post' }) kind: string;
  @ApiProperty({ example: 'Spring picnic' }) title: string;
  @ApiPropertyOptional({ example: '/admin/website/news' }) editPath?: string;
}

export class UpdatePhotoDto {
  @ApiPropertyOptional({ description: `Plain text, at most ${ALT_MAX} characters; needed before publishing` })
  @IsOptional()
  @IsString({ message: 'alt must be text' })
  @Transform(({ value }) => (typeof value === 'string' ? oneLine(value) : value))
  @MaxLength(ALT_MAX, { message: `Alt text must be at most ${ALT_MAX} characters` })
  alt?: string;

  @ApiPropertyOptional({ description: `Plain text, at most ${CAPTION_MAX} characters` })
  @IsOptional()
  @IsString({ message: 'caption must be text' })
  @Transform(({ value }) => (typeof value === 'string' ? oneLine(value) : value))
  @MaxLength(CAPTION_MAX, { message: `The caption must be at most ${CAPTION_MAX} characters` })
  caption?: string;

  @ApiPropertyOptional({ description: 'Show it in the Gallery (needs alt text) or take it out' })
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

export class PhotoOrderDto {
  @ApiProperty({ type: [String], description: 'Every photo id, in the new Gallery order' })
  @IsArray({ message: 'ids must be a list of photo ids' })
  @ArrayMaxSize(2000)
  @IsUUID('all', { each: true, message: 'ids must be photo ids' })
  ids: string[];
}

export class PhotoIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'No such photo: the id is not a photo id' })
  id: string;
}
