import { Inject, Injectable } from '@nestjs/common';
import slugify from 'slugify';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { isCalendarDay, todayIn } from '../../../core/src/gifts/calendar.js';
import { badRequest, DomainError, notFound } from '../../../core/src/http/errors.js';
import { plainText, sanitizeRichText } from '../../../core/src/site/rich-text.js';
import { siteVersion } from '../../../core/src/site/site-version.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { checkChosenPhoto, shownPhotos } from '../photos/chosen-photos.js';
import { PhotosRepository } from '../photos/photos.repository.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import {
  SLUG_MAX,
  TITLE_MAX,
  type AdminNewsPostDto,
  type NewsPhotoDto,
  type NewsPostDto,
  type NewsPostSummaryDto,
  type SaveNewsPostDto,
} from './site-news.dto.js';

/** How long the plain-text teaser of a post is (the list's text and the page's meta description). */
export const EXCERPT_MAX = 160;
const SLUG_TAKEN = (slug: string) => `Another post already has the address /news/${slug}: choose another`;

interface PostRow {
  id: string;
  slug: string;
  title: string;
  day: string;
  body_html: string;
  photo_id: string | null;
  published: boolean;
  published_at: Date | null;
  updated_at: Date;
  updated_by: string | null;
}

const COLUMNS = `id, slug, title, to_char(post_day, 'YYYY-MM-DD') AS day, body_html, photo_id, published, published_at,
  updated_at, (SELECT name FROM admins a WHERE a.id = p.updated_by) AS updated_by`;

/** A post's address made from its title: lower-case ASCII words joined by hyphens ("post" when nothing is left). */
export function slugFromTitle(title: string): string {
  const slug = slugify(title, { lower: true, strict: true, trim: true })
    .slice(0, SLUG_MAX - 4)
    .replace(/-+$/, '');
  return slug || 'post';
}

/** The plain-text start of a post's body, cut at a word, for lists and the meta description. */
export function excerptOf(bodyHtml: string, title: string): string {
  const text = plainText(bodyHtml.replace(/<\/(p|h2|h3|li)>|<br\s*\/?>/g, ' $&'), 10_000);
  if (!text) return title;
  if (text.length <= EXCERPT_MAX) return text;
  const cut = text.slice(0, EXCERPT_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: string })?.code === '23505';
}

/**
 * News posts: editors write drafts and publish them (each write audited, each change to what visitors see bumps
 * the site's content version so the public reads show it on the next request). Every text is made safe when it
 * is written (core/src/site/rich-text.ts), so the public reads serve stored text as it is.
 */
@Injectable()
export class NewsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(PhotosRepository) private readonly photoRepo: PhotosRepository,
  ) {}

  async list(): Promise<AdminNewsPostDto[]> {
    const rows: PostRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM news_posts p ORDER BY post_day DESC, created_at DESC`,
    );
    return this.admin(this.ds, rows);
  }

  async get(id: string): Promise<AdminNewsPostDto> {
    const row = await this.find(this.ds, id);
    if (!row) throw notFound('No such news post');
    return (await this.admin(this.ds, [row]))[0];
  }

  async create(actor: PublicAdmin, dto: SaveNewsPostDto, meta: RequestMeta): Promise<AdminNewsPostDto> {
    const title = this.title(dto.title);
    if (title === undefined) throw badRequest('title must be 1 to 200 characters');
    const day = this.day(dto.date) ?? todayIn(this.env.TIME_ZONE);
    const body = dto.bodyHtml === undefined ? '' : sanitizeRichText(dto.bodyHtml);
    const published = dto.published === true;
    return this.ds.transaction(async (m) => {
      await this.checkPhoto(m, dto.photoId);
      const slug = dto.slug ?? (await this.freeSlug(m, slugFromTitle(title)));
      let id: string;
      try {
        const [row]: Array<{ id: string }> = await m.query(
          `INSERT INTO news_posts (slug, title, post_day, body_html, photo_id, published, published_at, updated_by)
           VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN now() END, $7) RETURNING id`,
          [slug, title, day, body, dto.photoId ?? null, published, actor.id],
        );
        id = row.id;
      } catch (e) {
        if (isUniqueViolation(e)) throw new DomainError(409, SLUG_TAKEN(slug));
        throw e;
      }
      await siteVersion.bump(m);
      await this.audit.record('news.created', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { postId: id, slug, published },
        manager: m,
      });
      return (await this.admin(m, [(await this.find(m, id))!]))[0];
    });
  }

  async update(actor: PublicAdmin, id: string, dto: SaveNewsPostDto, meta: RequestMeta): Promise<AdminNewsPostDto> {
    const title = this.title(dto.title);
    const day = this.day(dto.date);
    const body = dto.bodyHtml === undefined ? undefined : sanitizeRichText(dto.bodyHtml);
    return this.ds.transaction(async (m) => {
      const before = await this.find(m, id, true);
      if (!before) throw notFound('No such news post');
      if (dto.photoId !== before.photo_id) await this.checkPhoto(m, dto.photoId);
      const after = {
        slug: dto.slug ?? before.slug,
        title: title ?? before.title,
        day: day ?? before.day,
        body_html: body ?? before.body_html,
        photo_id: dto.photoId === undefined ? before.photo_id : dto.photoId,
        published: dto.published ?? before.published,
      };
      const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => after[k] !== before[k]);
      if (!changed.length) return (await this.admin(m, [before]))[0];
      try {
        await m.query(
          `UPDATE news_posts SET slug = $2, title = $3, post_day = $4, body_html = $5, photo_id = $6, published = $7,
             published_at = CASE WHEN $7 AND NOT published THEN now() WHEN $7 THEN published_at END,
             updated_at = now(), updated_by = $8
           WHERE id = $1`,
          [id, after.slug, after.title, after.day, after.body_html, after.photo_id, after.published, actor.id],
        );
      } catch (e) {
        if (isUniqueViolation(e)) throw new DomainError(409, SLUG_TAKEN(after.slug));
        throw e;
      }
      if (before.published || after.published) await siteVersion.bump(m);
      const action =
        changed.includes('published') && after.published
          ? 'news.published'
          : changed.includes('published')
            ? 'news.unpublished'
            : 'news.updated';
      await this.audit.record(action, {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { postId: id, slug: after.slug, changed },
        manager: m,
      });
      return (await this.admin(m, [(await this.find(m, id))!]))[0];
    });
  }

  async remove(actor: PublicAdmin, id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await this.find(m, id, true);
      if (!before) throw notFound('No such news post');
      await m.query(`DELETE FROM news_posts WHERE id = $1`, [id]);
      if (before.published) await siteVersion.bump(m);
      await this.audit.record('news.deleted', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { postId: id, slug: before.slug, title: before.title },
        manager: m,
      });
    });
  }

  /** The published posts, newest first. */
  async published(limit: number): Promise<NewsPostSummaryDto[]> {
    const rows: PostRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM news_posts p WHERE published ORDER BY post_day DESC, published_at DESC LIMIT $1`,
      [limit],
    );
    const photos = await this.photos(rows);
    return rows.map((r) => summary(r, photos));
  }

  async publishedPost(slug: string): Promise<NewsPostDto> {
    const rows: PostRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM news_posts p WHERE published AND slug = $1`, [
      slug,
    ]);
    if (!rows[0]) throw notFound('No such news post');
    const photos = await this.photos(rows);
    return { ...summary(rows[0], photos), bodyHtml: rows[0].body_html };
  }

  /**
   * The posts' photos as visitors see them: each photo's alt text and its sizes. A photo without alt text (taken
   * away after it was chosen) is not shown, so no visitor gets an image without words for it.
   */
  private photos(rows: PostRow[], db: Queryable = this.ds): Promise<Map<string, NewsPhotoDto>> {
    return shownPhotos(
      this.photoRepo,
      db,
      rows.map((r) => r.photo_id),
    );
  }

  /** Posts as the editors see them, each with its photo as visitors will see it. */
  private async admin(db: Queryable, rows: PostRow[]): Promise<AdminNewsPostDto[]> {
    const photos = await this.photos(rows, db);
    return rows.map((r) => toAdmin(r, photos));
  }

  /** A post's photo must be one of the library's, with alt text (null or left out: no photo). */
  private checkPhoto(db: Queryable, photoId: string | null | undefined): Promise<void> {
    return checkChosenPhoto(this.photoRepo, db, photoId, 'in a post');
  }

  private title(raw: string | undefined): string | undefined {
    if (raw === undefined) return undefined;
    const title = plainText(raw, TITLE_MAX);
    if (!title) throw badRequest('title must have some text (markup is not kept)');
    return title;
  }

  private day(raw: string | undefined): string | undefined {
    if (raw === undefined) return undefined;
    if (!isCalendarDay(raw)) throw badRequest(`date is not a real date: ${raw}`);
    return raw;
  }

  private async find(db: Queryable, id: string, lock = false): Promise<PostRow | undefined> {
    const rows: PostRow[] = await db.query(
      `SELECT ${COLUMNS} FROM news_posts p WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** `base`, or `base-2`, `base-3`... whichever no post has yet. */
  private async freeSlug(db: Queryable, base: string): Promise<string> {
    const rows: Array<{ slug: string }> = await db.query(
      `SELECT slug FROM news_posts WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`,
      [base],
    );
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    let n = 2;
    while (taken.has(`${base}-${n}`)) n++;
    return `${base}-${n}`;
  }
}

function toAdmin(r: PostRow, photos: Map<string, NewsPhotoDto>): AdminNewsPostDto {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    date: r.day,
    bodyHtml: r.body_html,
    photoId: r.photo_id,
    photo: (r.photo_id && photos.get(r.photo_id)) || null,
    published: r.published,
    publishedAt: r.published_at ? r.published_at.toISOString() : null,
    updatedAt: r.updated_at.toISOString(),
    updatedBy: r.updated_by,
  };
}

function summary(r: PostRow, photos: Map<string, NewsPhotoDto>): NewsPostSummaryDto {
  return {
    slug: r.slug,
    title: r.title,
    date: r.day,
    excerpt: excerptOf(r.body_html, r.title),
    photo: (r.photo_id && photos.get(r.photo_id)) || null,
  };
}
