import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { ENV } from '../../../core/src/config/load-env.js';
import {
  appealDays,
  appealDaysLeft,
  appealEndsAt,
  appealState,
  appealWindow,
  matchedCents,
  percentOfGoal,
  type GoalKind,
} from '../../../core/src/appeals/appeal-rules.js';
import { appeals, type AppealFields, type AppealRow } from '../../../core/src/appeals/appeals.repository.js';
import { sanitizeAppealStory } from '../../../core/src/appeals/story-html.js';
import { recountNewDonors } from '../../../core/src/appeals/appeal-totals.js';
import { funds } from '../../../core/src/funds/funds.repository.js';
import { holdMergesExclusive } from '../../../core/src/read-model/donor-merges.js';
import { isCalendarDay } from '../../../core/src/gifts/calendar.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { badRequest, DomainError, forbidden, notFound } from '../../../core/src/http/errors.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AuditService } from '../auth/audit.service.js';
import { WEBSITE_ROLES } from '../auth/roles.decorator.js';
import { checkChosenPhoto, shownPhotos } from '../photos/chosen-photos.js';
import type { ShownPhotoDto } from '../photos/photos.dto.js';
import { PhotosRepository } from '../photos/photos.repository.js';
import type { RequestMeta } from '../auth/login.service.js';
import type { AppealAdminDto, AppealPublicDto, GiftAppealDto, AppealInputDto } from './dto/appeal.dto.js';
import { GiftAppealRepository } from './gift-appeal.repository.js';

const TAKEN = 'Another appeal already uses that short address (slug)';
const NO_APPEAL = 'No such appeal';
const AUDIT_ACTIONS = { publish: 'appeal.published', end: 'appeal.ended', archive: 'appeal.archived' } as const;
/** The photo library is the website roles'; of the appeals' roles (owners, bookkeepers) only owners have it. */
const COVER_OWNERS_ONLY = 'Only an owner can change the cover photo (the photo library is the website staff’s)';

/** Appeals: staff create, edit, publish, end early and archive them (each audited); the public reads one by slug. */
@Injectable()
export class AppealsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(GiftAppealRepository) private readonly gifts: GiftAppealRepository,
    @Inject(PhotosRepository) private readonly photos: PhotosRepository,
  ) {}

  /** The public page: a published (or archived, shown closed) appeal; a draft is not there. */
  async publicBySlug(slug: string): Promise<AppealPublicDto> {
    const row = await appeals.bySlug(this.ds, slug);
    if (!row || row.status === 'draft') throw notFound(NO_APPEAL);
    return this.toPublic(row, await this.recentGifts(row), await this.covers(this.ds, [row]));
  }

  /** The page's recent named gifts, when the appeal shows them (else not even asked for). */
  private recentGifts(row: AppealRow): Promise<Array<{ firstName: string; city: string | null }>> {
    return row.show_recent_gifts ? appeals.recentNamedGifts(this.ds, row.id) : Promise.resolve([]);
  }

  async list(): Promise<AppealAdminDto[]> {
    const rows = await appeals.list(this.ds);
    const covers = await this.covers(this.ds, rows);
    return rows.map((r) => this.toAdmin(r, [], covers));
  }

  async get(id: string): Promise<AppealAdminDto> {
    const row = await appeals.byId(this.ds, id);
    if (!row) throw notFound(NO_APPEAL);
    return this.toAdmin(row, await this.recentGifts(row), await this.covers(this.ds, [row]));
  }

  async create(actor: PublicAdmin, dto: AppealInputDto, meta: RequestMeta): Promise<AppealAdminDto> {
    return this.ds.transaction(async (m) => {
      const fields = await this.fields(m, actor, dto, null);
      const row = await appeals.create(m, fields as AppealFields);
      if (!row) throw new DomainError(409, TAKEN);
      await this.record(m, actor, meta, 'appeal.created', { appealId: row.id, slug: row.slug, name: row.name });
      return this.toAdmin(row, [], await this.covers(m, [row]));
    });
  }

  async update(actor: PublicAdmin, id: string, dto: AppealInputDto, meta: RequestMeta): Promise<AppealAdminDto> {
    return this.ds.transaction(async (m) => {
      // A new first day makes other donors new to the appeal (recountNewDonors): no gift writer may read the old
      // day meanwhile. They all hold the merges lock shared, so an edit of the days takes it exclusively, before
      // the appeal's row (a moment's wait for the worker's batches in flight; edits are rare).
      if (dto.startsOn !== undefined || dto.endsOn !== undefined) await holdMergesExclusive(m);
      const before = await appeals.byId(m, id, { lock: true });
      if (!before) throw notFound(NO_APPEAL);
      const fields = await this.fields(m, actor, dto, before);
      const after = await appeals.update(m, id, fields);
      if (after === 'taken') throw new DomainError(409, TAKEN);
      if (!after) throw notFound(NO_APPEAL);
      if (new Date(before.starts_at).getTime() !== new Date(after.starts_at).getTime()) await recountNewDonors(m, id);
      const changed = (Object.keys(fields) as Array<keyof AppealFields>).filter(
        (k) => String(before[k]) !== String(after[k]),
      );
      if (changed.length)
        await this.record(m, actor, meta, 'appeal.updated', { appealId: id, slug: after.slug, changed });
      return this.toAdmin(after, [], await this.covers(m, [after]));
    });
  }

  /** publish: takes gifts from its first day; end: stops them now; archive: off every list and page's gifts. */
  async transition(
    actor: PublicAdmin,
    id: string,
    action: 'publish' | 'end' | 'archive',
    meta: RequestMeta,
  ): Promise<AppealAdminDto> {
    return this.ds.transaction(async (m) => {
      const before = await appeals.byId(m, id, { lock: true });
      if (!before) throw notFound(NO_APPEAL);
      const now = new Date();
      let after: AppealRow | null;
      if (action === 'publish') {
        if (before.status === 'archived') throw new DomainError(409, 'An archived appeal cannot be published again');
        if (appealEndsAt(before) <= now)
          throw new DomainError(409, 'This appeal has already ended: change its last day before publishing it');
        after = await appeals.setStatus(m, id, { status: 'published' });
      } else if (action === 'end') {
        if (appealState(before, now) === 'closed')
          throw new DomainError(409, 'This appeal is not taking gifts, so there is nothing to end');
        after = await appeals.setStatus(m, id, { endedEarlyAt: now });
      } else {
        after = await appeals.setStatus(m, id, { status: 'archived' });
      }
      await this.record(m, actor, meta, AUDIT_ACTIONS[action], { appealId: id, slug: before.slug });
      return this.toAdmin(after!, [], await this.covers(m, [after!]));
    });
  }

  /** Moves a gift (card or manual) to another appeal or to none; its totals move with it (audited). */
  async moveGift(
    actor: PublicAdmin,
    giftId: string,
    appealId: string | null,
    meta: RequestMeta,
  ): Promise<GiftAppealDto> {
    return this.ds.transaction(async (m) => {
      if (appealId && !(await appeals.byId(m, appealId))) throw notFound(NO_APPEAL);
      const moved = await this.gifts.move(m, giftId, appealId, this.env.TIME_ZONE);
      if (!moved) throw notFound('No such gift');
      if (moved.before !== appealId)
        await this.record(m, actor, meta, 'gift.appeal_moved', { giftId, from: moved.before, to: appealId });
      return { id: giftId, source: moved.source, appealId };
    });
  }

  private async record(
    m: import('typeorm').EntityManager,
    actor: PublicAdmin,
    meta: RequestMeta,
    action: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(action, { adminId: actor.id, success: true, ...meta, details, manager: m });
  }

  /** The appeals' covers as visitors see them (those with alt text), by photo id. */
  private covers(db: Queryable, rows: AppealRow[]): Promise<Map<string, ShownPhotoDto>> {
    return shownPhotos(
      this.photos,
      db,
      rows.map((r) => r.cover_photo_id),
    );
  }

  /**
   * The cover: one of the library's photos with alt text (as a news post's photo), changed only by a role that has
   * the photo library (of the appeals' roles, owners); an unchanged id (a bookkeeper's save of the whole form) passes.
   */
  private async cover(
    db: Queryable,
    actor: PublicAdmin,
    photoId: string | null,
    before: AppealRow | null,
  ): Promise<string | null> {
    if (photoId === (before?.cover_photo_id ?? null)) return photoId;
    if (!WEBSITE_ROLES.includes(actor.role)) throw forbidden(COVER_OWNERS_ONLY);
    await checkChosenPhoto(this.photos, db, photoId, 'as a cover');
    return photoId;
  }

  /** The row's columns from a create or an edit, checked together with what the row already holds. */
  private async fields(
    db: Queryable,
    actor: PublicAdmin,
    dto: AppealInputDto,
    before: AppealRow | null,
  ): Promise<Partial<AppealFields>> {
    const f: Partial<AppealFields> = {};
    if (!before && !dto.name) throw badRequest('name is required');
    if (!before && !dto.slug) throw badRequest('slug is required');
    if (dto.name !== undefined) f.name = dto.name;
    if (dto.slug !== undefined) f.slug = dto.slug;
    if (dto.storyHtml !== undefined) f.story_html = sanitizeAppealStory(dto.storyHtml);
    else if (!before) f.story_html = '';
    if (dto.coverPhotoId !== undefined) f.cover_photo_id = await this.cover(db, actor, dto.coverPhotoId, before);
    if (dto.fundId !== undefined) {
      if (dto.fundId !== null && !(await funds.isOpen(db, dto.fundId)))
        throw badRequest('fundId must be one of the open funds');
      f.fund_id = dto.fundId;
    }
    const kind = (dto.goalKind ?? before?.goal_kind) as GoalKind | undefined;
    if (!kind) throw badRequest('goalKind is required');
    if (dto.goalKind !== undefined || dto.goalCents !== undefined || dto.goalCount !== undefined) {
      const cents = dto.goalCents !== undefined ? dto.goalCents : (before?.goal_cents ?? null);
      const count = dto.goalCount !== undefined ? dto.goalCount : (before?.goal_count ?? null);
      if (kind === 'dollars' && !cents) throw badRequest('goalCents is required when the goal is in dollars');
      if (kind !== 'dollars' && !count) throw badRequest('goalCount is required when the goal counts donors');
      f.goal_kind = kind;
      f.goal_cents = kind === 'dollars' ? cents : null;
      f.goal_count = kind === 'dollars' ? null : count;
    }
    if (dto.startsOn !== undefined || dto.endsOn !== undefined) {
      const days = before ? appealDays(before, this.env.TIME_ZONE) : null;
      const startsOn = dto.startsOn ?? days?.startsOn;
      const endsOn = dto.endsOn ?? days?.endsOn;
      if (!startsOn || !isCalendarDay(startsOn)) throw badRequest('startsOn must be a real date');
      if (!endsOn || !isCalendarDay(endsOn)) throw badRequest('endsOn must be a real date');
      if (endsOn < startsOn) throw badRequest('endsOn must be on or after startsOn');
      const w = appealWindow(startsOn, endsOn, this.env.TIME_ZONE);
      f.starts_at = w.startsAt;
      f.ends_at = w.endsAt;
    } else if (!before) throw badRequest('startsOn and endsOn are required');
    if (dto.matchText !== undefined) f.match_text = dto.matchText || null;
    if (dto.matchCapCents !== undefined) f.match_cap_cents = dto.matchCapCents;
    if (dto.thankYouText !== undefined) f.thank_you_text = dto.thankYouText || null;
    if (dto.showRecentGifts !== undefined) f.show_recent_gifts = dto.showRecentGifts;
    if (!before) {
      f.cover_photo_id ??= null;
      f.fund_id ??= null;
      f.match_text ??= null;
      f.match_cap_cents ??= null;
      f.thank_you_text ??= null;
      f.show_recent_gifts ??= false;
    }
    return f;
  }

  toPublic(
    r: AppealRow,
    recent: Array<{ firstName: string; city: string | null }>,
    covers: Map<string, ShownPhotoDto>,
  ): AppealPublicDto {
    return {
      slug: r.slug,
      name: r.name,
      // Cleaned on the way in and again on the way out: a row written before a stricter rule reaches no visitor.
      storyHtml: sanitizeAppealStory(r.story_html),
      coverPhoto: (r.cover_photo_id && covers.get(r.cover_photo_id)) || null,
      fundId: r.fund_id,
      goalKind: r.goal_kind,
      goalCents: r.goal_cents,
      goalCount: r.goal_count,
      raisedCents: r.raised_cents,
      donorCount: r.donor_count,
      giftCount: r.gift_count,
      recurringStarted: r.recurring_started,
      matchText: r.match_text,
      matchCapCents: r.match_cap_cents,
      matchedCents: matchedCents(r.raised_cents, r.match_cap_cents),
      startsAt: new Date(r.starts_at).toISOString(),
      endsAt: appealEndsAt(r).toISOString(),
      daysLeft: appealDaysLeft(r, this.env.TIME_ZONE),
      state: appealState(r),
      recentGifts: recent,
      thankYouText: r.thank_you_text,
    };
  }

  toAdmin(
    r: AppealRow,
    recent: Array<{ firstName: string; city: string | null }>,
    covers: Map<string, ShownPhotoDto>,
  ): AppealAdminDto {
    return {
      page: this.toPublic(r, recent, covers),
      id: r.id,
      coverPhotoId: r.cover_photo_id,
      status: r.status,
      ...appealDays(r, this.env.TIME_ZONE),
      showRecentGifts: r.show_recent_gifts,
      endedEarlyAt: r.ended_early_at ? new Date(r.ended_early_at).toISOString() : null,
      percentOfGoal: percentOfGoal(
        { goalKind: r.goal_kind, goalCents: r.goal_cents, goalCount: r.goal_count },
        { raisedCents: r.raised_cents, donorCount: r.donor_count, recurringStarted: r.recurring_started },
      ),
      createdAt: new Date(r.created_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
    };
  }
}
