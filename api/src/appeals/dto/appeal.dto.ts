import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import {
  APPEAL_SLUG_MAX,
  APPEAL_SLUG_MESSAGE,
  APPEAL_STATES,
  APPEAL_STATUSES,
  GOAL_KINDS,
  type AppealState,
  type AppealStatus,
  type GoalKind,
} from '../../../../core/src/appeals/appeal-rules.js';
import { IsDay } from '../../http/day.js';
import { IsFundId, IsUuidOrNull, toFundId, UuidParam } from '../../http/ids.js';
import { ShownPhotoDto } from '../../photos/photos.dto.js';
import { IsAppealSlug } from './is-appeal-slug.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Goals and match caps: whole cents up to $100,000,000. */
const MAX_GOAL_CENTS = 10_000_000_000;

export class RecentGiftDto {
  @ApiProperty({ example: 'Maria' }) firstName: string;
  @ApiProperty({ type: String, nullable: true, example: 'Springfield' }) city: string | null;
}

/** What the public appeal page shows (GET /api/appeals/:slug). Progress comes from the kept totals, never a scan. */
export class AppealPublicDto {
  @ApiProperty({ example: 'van' }) slug: string;
  @ApiProperty({ example: 'A new van' }) name: string;
  @ApiProperty({ description: 'Sanitised HTML (p, h2, h3, strong, em, a, ul, ol, li, br)' }) storyHtml: string;
  @ApiProperty({
    type: ShownPhotoDto,
    nullable: true,
    description: 'The cover photo as visitors see it (null when there is none, or it has no alt text)',
  })
  coverPhoto: ShownPhotoDto | null;
  @ApiProperty({ type: Number, nullable: true, description: "The fund gifts go to; null = the donor's choice" })
  fundId: number | null;
  @ApiProperty({ enum: GOAL_KINDS }) goalKind: GoalKind;
  @ApiProperty({ type: Number, nullable: true, description: 'Goal in cents (goalKind dollars)' }) goalCents:
    number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Goal in donors or new monthly donors' }) goalCount:
    number | null;
  @ApiProperty({ description: 'Cents raised: net of refunds and of disputes not won (the dashboard rule)' })
  raisedCents: number;
  @ApiProperty() donorCount: number;
  @ApiProperty() giftCount: number;
  @ApiProperty({ description: 'Monthly (recurring) plans started through the appeal' }) recurringStarted: number;
  @ApiProperty({ type: String, nullable: true }) matchText: string | null;
  @ApiProperty({ type: Number, nullable: true }) matchCapCents: number | null;
  @ApiProperty({ description: 'min(raised, match cap) in cents: reported, never charged' }) matchedCents: number;
  @ApiProperty({ example: '2026-11-01T05:00:00.000Z' }) startsAt: string;
  @ApiProperty({ description: 'When gifts stop: the early end when staff ended it, else the planned end' })
  endsAt: string;
  @ApiProperty({ description: "Calendar days left in the school's time zone, today included; 0 once ended" })
  daysLeft: number;
  @ApiProperty({ enum: APPEAL_STATES }) state: AppealState;
  @ApiProperty({
    type: [RecentGiftDto],
    description: 'Only gifts whose donor chose to show their name; empty when the appeal does not show recent gifts',
  })
  recentGifts: RecentGiftDto[];
  @ApiProperty({ type: String, nullable: true }) thankYouText: string | null;
}

/** An appeal as staff see it: its id, status and planned days, and what its public page shows (`page`). */
export class AppealAdminDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: APPEAL_STATUSES }) status: AppealStatus;
  @ApiProperty({ example: '2026-11-01', description: "First day, in the school's time zone" }) startsOn: string;
  @ApiProperty({ example: '2026-12-31', description: "Last day (inclusive), in the school's time zone" })
  endsOn: string;
  @ApiProperty({ description: 'The page lists its recent gifts by first name and city (off by default)' })
  showRecentGifts: boolean;
  @ApiProperty({ type: String, nullable: true }) endedEarlyAt: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: "The cover: one of the site's photos" })
  coverPhotoId: string | null;
  @ApiProperty({ description: 'Percent of the goal reached (may pass 100)' }) percentOfGoal: number;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiProperty({ type: AppealPublicDto, description: 'What the public page shows (recentGifts empty in the list)' })
  page: AppealPublicDto;
}

/** The fields staff write. */
class AppealFieldsDto {
  @ApiPropertyOptional({ example: 'A new van' })
  @Transform(trim)
  @IsOptional()
  @IsString({ message: 'name must be 1 to 100 characters' })
  @IsNotEmpty({ message: 'name must be 1 to 100 characters' })
  @MaxLength(100, { message: 'name must be 1 to 100 characters' })
  name?: string;

  @ApiPropertyOptional({ example: 'van', maxLength: APPEAL_SLUG_MAX })
  @Transform(trim)
  @IsOptional()
  @IsAppealSlug(APPEAL_SLUG_MESSAGE)
  slug?: string;

  @ApiPropertyOptional({ description: 'HTML; cleaned to the allowed tags before it is stored' })
  @IsOptional()
  @IsString({ message: 'storyHtml must be text' })
  @MaxLength(50_000, { message: 'storyHtml must be at most 50,000 characters' })
  storyHtml?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uuid',
    description: "The cover: one of the site's photos, with alt text (null: none). Only owners change it",
  })
  @IsOptional()
  @IsUuidOrNull('coverPhotoId must be a photo id (UUID) or null')
  coverPhotoId?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: "null = the donor's choice" })
  @Transform(toFundId)
  @IsOptional()
  @ValidateIf((o) => o.fundId !== null)
  @IsFundId('fundId must be one of the funds')
  fundId?: number | null;

  @ApiPropertyOptional({ enum: GOAL_KINDS })
  @IsOptional()
  @IsIn(GOAL_KINDS, { message: `goalKind must be one of: ${GOAL_KINDS.join(', ')}` })
  goalKind?: GoalKind;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Cents, for goalKind dollars' })
  @IsOptional()
  @ValidateIf((o) => o.goalCents !== null)
  @IsInt({ message: 'goalCents must be a whole number of cents' })
  @Min(100, { message: 'goalCents must be at least 100 ($1)' })
  @Max(MAX_GOAL_CENTS, { message: 'goalCents is too large' })
  goalCents?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Donors or new monthly donors' })
  @IsOptional()
  @ValidateIf((o) => o.goalCount !== null)
  @IsInt({ message: 'goalCount must be a whole number' })
  @Min(1, { message: 'goalCount must be at least 1' })
  @Max(1_000_000, { message: 'goalCount is too large' })
  goalCount?: number | null;

  @ApiPropertyOptional({ example: '2026-11-01', description: "First day, in the school's time zone" })
  @IsOptional()
  @IsDay('startsOn must be a date yyyy-MM-dd')
  startsOn?: string;

  @ApiPropertyOptional({ example: '2026-12-31', description: "Last day (inclusive), in the school's time zone" })
  @IsOptional()
  @IsDay('endsOn must be a date yyyy-MM-dd')
  endsOn?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'Every gift doubled up to $5,000 by the Smith Family Foundation',
  })
  @Transform(trim)
  @IsOptional()
  @ValidateIf((o) => o.matchText !== null)
  @IsString({ message: 'matchText must be at most 300 characters' })
  @MaxLength(300, { message: 'matchText must be at most 300 characters' })
  matchText?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Cents; the match is reported, never charged' })
  @IsOptional()
  @ValidateIf((o) => o.matchCapCents !== null)
  @IsInt({ message: 'matchCapCents must be a whole number of cents' })
  @Min(100, { message: 'matchCapCents must be at least 100 ($1)' })
  @Max(MAX_GOAL_CENTS, { message: 'matchCapCents is too large' })
  matchCapCents?: number | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Plain text, shown on the thank-you screen and e-mail',
  })
  @Transform(trim)
  @IsOptional()
  @ValidateIf((o) => o.thankYouText !== null)
  @IsString({ message: 'thankYouText must be at most 1,000 characters' })
  @MaxLength(1000, { message: 'thankYouText must be at most 1,000 characters' })
  thankYouText?: string | null;

  @ApiPropertyOptional({
    description:
      'List the recent gifts of donors who chose "show my name" (first name and city) on the page; off for a new appeal',
  })
  @IsOptional()
  @IsBoolean({ message: 'showRecentGifts must be true or false' })
  showRecentGifts?: boolean;
}

/**
 * POST and PATCH /api/admin/appeals: the same fields. On create, name, slug, goalKind (with its goal), startsOn
 * and endsOn are required (the service says which is missing); on edit, what is absent is kept.
 */
export class AppealInputDto extends AppealFieldsDto {}

export class AppealIdParamDto {
  @UuidParam('The appeal id must be a UUID')
  id: string;
}

export class AppealSlugParamDto {
  @ApiProperty({ example: 'van' })
  @IsAppealSlug('No such appeal')
  slug: string;
}

/** PATCH /api/admin/transactions/:id/appeal: the gift's new appeal (null = none). */
export class MoveGiftAppealDto {
  @ApiProperty({ type: String, nullable: true, format: 'uuid' })
  @IsUuidOrNull('appealId must be an appeal id or null')
  appealId: string | null;
}

export class GiftIdParamDto {
  @ApiProperty({ description: 'A charge id (ch_...) or a manual gift id (UUID)' })
  @IsString()
  @MaxLength(255)
  @Matches(
    /^(ch_[A-Za-z0-9_]{1,250}|py_[A-Za-z0-9_]{1,250}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
    { message: 'id must be a charge id or a manual gift id' },
  )
  id: string;
}

export class GiftAppealDto {
  @ApiProperty() id: string;
  @ApiProperty({ enum: ['card', 'manual'] }) source: 'card' | 'manual';
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) appealId: string | null;
}
