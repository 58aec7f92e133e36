import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { SITE_PAGE_KEYS, type SitePageKey } from '../../../core/src/site/site-pages.js';

const FIELDS = { type: 'object', additionalProperties: { type: 'string' } } as const;

export class SaveDraftDto {
  @ApiProperty({ ...FIELDS, description: "The page's fields by key (rich text as HTML; sanitised on the server)" })
  @IsObject()
  content: Record<string, string>;
}

export class PageStateDto {
  @ApiProperty({ enum: SITE_PAGE_KEYS }) page: SitePageKey;
  @ApiProperty({ ...FIELDS, description: 'What visitors see now' }) published: Record<string, string>;
  @ApiProperty({ ...FIELDS, nullable: true, type: 'object', description: 'The unpublished draft, if any' })
  draft: Record<string, string> | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) draftSavedAt: string | null;
  @ApiProperty({ nullable: true, type: String }) draftSavedBy: string | null;
}

export class SitePagesAdminDto {
  @ApiProperty({ type: [PageStateDto] }) pages: PageStateDto[];
}

export class RevisionDto {
  @ApiProperty() id: string;
  @ApiProperty({ type: String, format: 'date-time' }) publishedAt: string;
  @ApiProperty({ nullable: true, type: String, description: 'Who published it (null: an admin since removed)' })
  publishedBy: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The revision it restored, if it was a restore' })
  restoredFrom: string | null;
  @ApiProperty({ description: 'Whether this is what visitors see now' }) current: boolean;
  @ApiProperty(FIELDS) content: Record<string, string>;
}

export class RevisionsDto {
  @ApiProperty({ type: [RevisionDto] }) revisions: RevisionDto[];
}

export class PublicSitePagesDto {
  @ApiProperty({ description: "The site's content version (the ETag's number)" }) version: number;
  @ApiProperty({
    type: 'object',
    additionalProperties: FIELDS,
    description:
      'Each page (home, about, programs, contact, gallery, donate, news, events, school): its published fields',
  })
  pages: Record<string, Record<string, string>>;
}
