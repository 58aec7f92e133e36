import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { DAY_PATTERN } from '../http/day.js';
import { ShownPhotoDto } from '../photos/photos.dto.js';
import { IsUuidOrNull, UuidParam } from '../http/ids.js';
import { IsWholeNumberIn } from '../http/whole-number.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

export const TITLE_MAX = 200;
export const BODY_MAX = 50_000;
export const PLACE_MAX = 200;
export const SLUG_MAX = 80;
const TITLE = `title must be 1 to ${TITLE_MAX} characters`;
const DAY = 'must be a date as yyyy-MM-dd';
const TIME = 'must be a time as HH:mm (24-hour, the school’s time zone)';
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SLUG = `slug must be lower-case letters, digits and single hyphens (at most ${SLUG_MAX} characters)`;

/** An optional text field: present, it must be text matching `pattern` (the message names the field). */
function OptionalText(example: string, pattern: RegExp, message: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ example }),
    IsOptional(),
    IsString({ message }),
    Matches(pattern, { message }),
  );
}
const TIME_SHAPE = /^\d{2}:\d{2}$/;

/** An optional title: trimmed, 1 to TITLE_MAX characters. */
function OptionalTitle(example: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ example }),
    IsOptional(),
    Transform(trim),
    IsString({ message: TITLE }),
    MinLength(1, { message: TITLE }),
    MaxLength(TITLE_MAX, { message: TITLE }),
  );
}

/** Optional HTML of at most BODY_MAX characters (sanitised on the server). */
function OptionalHtml(name: string): PropertyDecorator {
  const message = `${name} must be text of at most ${BODY_MAX} characters`;
  return applyDecorators(
    ApiPropertyOptional({ description: 'HTML; sanitised on the server (what the site styles, nothing else)' }),
    IsOptional(),
    IsString({ message }),
    MaxLength(BODY_MAX, { message }),
  );
}

/** Optional published flag. */
function OptionalPublished(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description: 'true publishes, false takes it back to a draft' }),
    IsOptional(),
    IsBoolean({ message: 'published must be true or false' }),
  );
}

/** A news post's photo as the public pages show it (from the site's photos, only one with alt text), or null. */
export class NewsPhotoDto extends ShownPhotoDto {}

/** A news post as the editors see it (drafts included). */
export class AdminNewsPostDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'spring-picnic' }) slug: string;
  @ApiProperty({ example: 'Spring picnic' }) title: string;
  @ApiProperty({ example: '2026-04-18', description: 'The post’s date (a calendar day)' }) date: string;
  @ApiProperty({ description: 'Sanitised HTML' }) bodyHtml: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The photo shown with the post' })
  photoId: string | null;
  @ApiProperty({
    type: NewsPhotoDto,
    nullable: true,
    description: 'That photo as visitors see it (null when there is none, or it has no alt text)',
  })
  photo: NewsPhotoDto | null;
  @ApiProperty({ description: 'Published posts are on the public site; the others are drafts' }) published: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) publishedAt: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who saved it last' }) updatedBy: string | null;
}

/** A published post in the News list (and Home's latest three). */
export class NewsPostSummaryDto {
  @ApiProperty({ example: 'spring-picnic' }) slug: string;
  @ApiProperty() title: string;
  @ApiProperty({ example: '2026-04-18' }) date: string;
  @ApiProperty({ description: 'The start of the body as plain text (the list’s teaser and the page’s description)' })
  excerpt: string;
  @ApiProperty({ type: NewsPhotoDto, nullable: true }) photo: NewsPhotoDto | null;
}

export class NewsListDto {
  @ApiProperty({ type: [NewsPostSummaryDto], description: 'Newest first' }) posts: NewsPostSummaryDto[];
}

/** A published post, whole. */
export class NewsPostDto extends NewsPostSummaryDto {
  @ApiProperty({ description: 'Sanitised HTML' }) bodyHtml: string;
}

export class NewsListQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 50, description: 'How many of the newest posts (default 50)' })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value))
  @IsWholeNumberIn(1, 50, 'limit must be a whole number from 1 to 50')
  limit?: number;
}

export class NewsSlugParamDto {
  @ApiProperty({ example: 'spring-picnic' })
  @IsString()
  @MaxLength(SLUG_MAX, { message: SLUG })
  @Matches(SLUG_PATTERN, { message: SLUG })
  slug: string;
}

export class SiteIdParamDto {
  @UuidParam('id must be a UUID')
  id: string;
}

/** What an editor sends for a news post (create: title required; update: any of them). */
export class SaveNewsPostDto {
  @OptionalTitle('Spring picnic')
  title?: string;

  /** Default: today in the school's time zone. */
  @OptionalText('2026-04-18', DAY_PATTERN, `date ${DAY}`)
  date?: string;

  @OptionalHtml('bodyHtml')
  bodyHtml?: string;

  @ApiPropertyOptional({ type: String, nullable: true, format: 'uuid' })
  @IsOptional()
  @Transform(emptyToNull)
  @IsUuidOrNull('photoId must be a photo id (UUID) or null')
  photoId?: string | null;

  @ApiPropertyOptional({ example: 'spring-picnic', description: 'The address /news/<slug>; default: from the title' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: SLUG })
  @MaxLength(SLUG_MAX, { message: SLUG })
  @Matches(SLUG_PATTERN, { message: SLUG })
  slug?: string;

  @OptionalPublished()
  published?: boolean;
}

/** A site event as the editors see it. */
export class AdminSiteEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'Open house' }) title: string;
  @ApiProperty({ format: 'date-time', description: 'The start instant (UTC)' }) startsAt: string;
  @ApiProperty({ format: 'date-time', description: 'The end instant (UTC)' }) endsAt: string;
  @ApiProperty({ example: '2026-12-05', description: 'The start day in the school’s time zone' }) startDay: string;
  @ApiProperty({ example: '18:00', description: 'The start time in the school’s time zone' }) startTime: string;
  @ApiProperty({ example: '2026-12-05' }) endDay: string;
  @ApiProperty({ example: '20:00' }) endTime: string;
  @ApiProperty({ example: 'School hall, 120 Main St' }) place: string;
  @ApiProperty({ description: 'Sanitised HTML' }) descriptionHtml: string;
  @ApiProperty() published: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) publishedAt: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ type: String, nullable: true }) updatedBy: string | null;
}

export class AdminSiteEventListDto {
  @ApiProperty({ example: 'America/Chicago', description: 'The school’s time zone every day and time is in' })
  timeZone: string;
  @ApiProperty({ type: [AdminSiteEventDto], description: 'Soonest first, past ones included' })
  events: AdminSiteEventDto[];
}

/** A published, not yet ended event on the public Events page. */
export class SiteEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() title: string;
  @ApiProperty({ format: 'date-time' }) startsAt: string;
  @ApiProperty({ format: 'date-time' }) endsAt: string;
  @ApiProperty({ example: '2026-12-05' }) startDay: string;
  @ApiProperty({ example: '18:00' }) startTime: string;
  @ApiProperty({ example: '2026-12-05' }) endDay: string;
  @ApiProperty({ example: '20:00' }) endTime: string;
  @ApiProperty() place: string;
  @ApiProperty({ description: 'Sanitised HTML' }) descriptionHtml: string;
  @ApiProperty({ example: '/api/site/events/0b6c…e1.ics', description: 'The "Add to calendar" file' })
  calendarUrl: string;
}

export class SiteEventListDto {
  @ApiProperty({ example: 'America/Chicago' }) timeZone: string;
  @ApiProperty({ type: [SiteEventDto], description: 'Soonest first; events that have ended are left out' })
  events: SiteEventDto[];
}

/** What an editor sends for an event: days and times are the school's wall clock (TIME_ZONE), never the browser's. */
export class SaveSiteEventDto {
  @OptionalTitle('Open house')
  title?: string;

  @OptionalText('2026-12-05', DAY_PATTERN, `startDay ${DAY}`)
  startDay?: string;

  @OptionalText('18:00', TIME_SHAPE, `startTime ${TIME}`)
  startTime?: string;

  @OptionalText('2026-12-05', DAY_PATTERN, `endDay ${DAY}`)
  endDay?: string;

  @OptionalText('20:00', TIME_SHAPE, `endTime ${TIME}`)
  endTime?: string;

  @ApiPropertyOptional({ example: 'School hall' })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: `place must be at most ${PLACE_MAX} characters` })
  @MaxLength(PLACE_MAX, { message: `place must be at most ${PLACE_MAX} characters` })
  place?: string;

  @OptionalHtml('descriptionHtml')
  descriptionHtml?: string;

  @OptionalPublished()
  published?: boolean;
}

export class SiteItemDeletedDto {
  @ApiProperty() deleted: boolean;
}
