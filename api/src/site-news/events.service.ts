import { Inject, Injectable } from '@nestjs/common';
import { createEvent } from 'ics';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import type { Queryable } from '../../../core/src/db/queryable.js';
import { isCalendarDay, isClockTime, wallClockDayAndTime, wallClockInstant } from '../../../core/src/gifts/calendar.js';
import { badRequest, notFound } from '../../../core/src/http/errors.js';
import { plainText, sanitizeRichText } from '../../../core/src/site/rich-text.js';
import { siteVersion } from '../../../core/src/site/site-version.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AuditService } from '../auth/audit.service.js';
import type { RequestMeta } from '../auth/login.service.js';
import {
  PLACE_MAX,
  TITLE_MAX,
  type AdminSiteEventDto,
  type SaveSiteEventDto,
  type SiteEventDto,
} from './site-news.dto.js';

interface EventRow {
  id: string;
  title: string;
  starts_at: Date;
  ends_at: Date;
  place: string;
  description_html: string;
  published: boolean;
  published_at: Date | null;
  updated_at: Date;
  updated_by: string | null;
}

const COLUMNS = `id, title, starts_at, ends_at, place, description_html, published, published_at, updated_at,
  (SELECT name FROM admins a WHERE a.id = e.updated_by) AS updated_by`;

/** Where an event's "Add to calendar" file is. */
export const calendarUrl = (id: string) => `/api/site/events/${id}.ics`;

/** The longest an event may last (a school event is an evening or a few days, not a season). */
const MAX_DAYS = 31;

/**
 * Events: editors type days and times on the school's wall clock (TIME_ZONE, core/src/gifts/calendar.ts), stored
 * as instants. Visitors see the published events that have not ended yet, by the clock at the time they ask (no
 * job removes anything), each with its .ics (the `ics` package; times in UTC, a UID fixed per event).
 */
@Injectable()
export class EventsService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  get timeZone(): string {
    return this.env.TIME_ZONE;
  }

  async list(): Promise<AdminSiteEventDto[]> {
    const rows: EventRow[] = await this.ds.query(`SELECT ${COLUMNS} FROM site_events e ORDER BY starts_at, id`);
    return rows.map((r) => this.toAdmin(r));
  }

  async get(id: string): Promise<AdminSiteEventDto> {
    const row = await this.find(this.ds, id);
    if (!row) throw notFound('No such event');
    return this.toAdmin(row);
  }

  async create(actor: PublicAdmin, dto: SaveSiteEventDto, meta: RequestMeta): Promise<AdminSiteEventDto> {
    const title = this.title(dto.title);
    if (title === undefined) throw badRequest('title must be 1 to 200 characters');
    if (!dto.startDay || !dto.startTime || !dto.endTime)
      throw badRequest('startDay, startTime and endTime are required (endDay defaults to startDay)');
    const { startsAt, endsAt } = this.span(dto.startDay, dto.startTime, dto.endDay ?? dto.startDay, dto.endTime);
    const published = dto.published === true;
    return this.ds.transaction(async (m) => {
      const [row]: Array<{ id: string }> = await m.query(
        `INSERT INTO site_events (title, starts_at, ends_at, place, description_html, published, published_at, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6 THEN now() END, $7) RETURNING id`,
        [
          title,
          startsAt,
          endsAt,
          plainText(dto.place ?? '', PLACE_MAX),
          sanitizeRichText(dto.descriptionHtml ?? ''),
          published,
          actor.id,
        ],
      );
      await siteVersion.bump(m);
      await this.audit.record('event.created', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { eventId: row.id, published },
        manager: m,
      });
      return this.toAdmin((await this.find(m, row.id))!);
    });
  }

  async update(actor: PublicAdmin, id: string, dto: SaveSiteEventDto, meta: RequestMeta): Promise<AdminSiteEventDto> {
    const title = this.title(dto.title);
    return this.ds.transaction(async (m) => {
      const before = await this.find(m, id, true);
      if (!before) throw notFound('No such event');
      const tz = this.env.TIME_ZONE;
      const start = wallClockDayAndTime(before.starts_at, tz);
      const end = wallClockDayAndTime(before.ends_at, tz);
      const { startsAt, endsAt } = this.span(
        dto.startDay ?? start.day,
        dto.startTime ?? start.time,
        dto.endDay ?? end.day,
        dto.endTime ?? end.time,
      );
      const after = {
        title: title ?? before.title,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        place: dto.place === undefined ? before.place : plainText(dto.place, PLACE_MAX),
        description_html:
          dto.descriptionHtml === undefined ? before.description_html : sanitizeRichText(dto.descriptionHtml),
        published: dto.published ?? before.published,
      };
      const was = { ...before, starts_at: before.starts_at.toISOString(), ends_at: before.ends_at.toISOString() };
      const changed = (Object.keys(after) as Array<keyof typeof after>).filter((k) => after[k] !== was[k]);
      if (!changed.length) return this.toAdmin(before);
      await m.query(
        `UPDATE site_events SET title = $2, starts_at = $3, ends_at = $4, place = $5, description_html = $6,
           published = $7, published_at = CASE WHEN $7 AND NOT published THEN now() WHEN $7 THEN published_at END,
           updated_at = now(), updated_by = $8
         WHERE id = $1`,
        [
          id,
          after.title,
          after.starts_at,
          after.ends_at,
          after.place,
          after.description_html,
          after.published,
          actor.id,
        ],
      );
      if (before.published || after.published) await siteVersion.bump(m);
      const action =
        changed.includes('published') && after.published
          ? 'event.published'
          : changed.includes('published')
            ? 'event.unpublished'
            : 'event.updated';
      await this.audit.record(action, {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { eventId: id, changed },
        manager: m,
      });
      return this.toAdmin((await this.find(m, id))!);
    });
  }

  async remove(actor: PublicAdmin, id: string, meta: RequestMeta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const before = await this.find(m, id, true);
      if (!before) throw notFound('No such event');
      await m.query(`DELETE FROM site_events WHERE id = $1`, [id]);
      if (before.published) await siteVersion.bump(m);
      await this.audit.record('event.deleted', {
        adminId: actor.id,
        success: true,
        ...meta,
        details: { eventId: id, title: before.title },
        manager: m,
      });
    });
  }

  /** The published events that have not ended (the database's clock, now), soonest first. */
  async upcoming(): Promise<SiteEventDto[]> {
    const rows: EventRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM site_events e WHERE published AND ends_at > now() ORDER BY starts_at, id`,
    );
    return rows.map((r) => this.toPublic(r));
  }

  /** One upcoming event as an iCalendar file (404 for drafts, ended events and unknown ids). */
  async calendarFile(id: string): Promise<{ filename: string; ics: string }> {
    const rows: EventRow[] = await this.ds.query(
      `SELECT ${COLUMNS} FROM site_events e WHERE id = $1 AND published AND ends_at > now()`,
      [id],
    );
    const e = rows[0];
    if (!e) throw notFound('No such event');
    const site = new URL(this.env.PUBLIC_URL);
    const { error, value } = createEvent({
      productId: `${site.hostname}//events`,
      uid: `event-${e.id}@${site.hostname}`,
      title: e.title,
      start: e.starts_at.getTime(),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: e.ends_at.getTime(),
      endInputType: 'utc',
      endOutputType: 'utc',
      location: e.place || undefined,
      description: descriptionText(e.description_html) || undefined,
      url: new URL('/events', site).toString(),
    });
    if (error || !value) throw error ?? new Error('The calendar file could not be made');
    const filename = `${this.toPublic(e).startDay}-${e.title}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60);
    return { filename: `${filename || 'event'}.ics`, ics: value };
  }

  private span(startDay: string, startTime: string, endDay: string, endTime: string) {
    for (const [name, v] of [
      ['startDay', startDay],
      ['endDay', endDay],
    ]) {
      if (!isCalendarDay(v)) throw badRequest(`${name} is not a real date: ${v}`);
    }
    for (const [name, v] of [
      ['startTime', startTime],
      ['endTime', endTime],
    ]) {
      if (!isClockTime(v)) throw badRequest(`${name} must be a time as HH:mm (00:00 to 23:59): ${v}`);
    }
    const tz = this.env.TIME_ZONE;
    const startsAt = wallClockInstant(startDay, startTime, tz);
    const endsAt = wallClockInstant(endDay, endTime, tz);
    if (endsAt <= startsAt) throw badRequest('The event must end after it starts');
    if (endsAt.getTime() - startsAt.getTime() > MAX_DAYS * 86_400_000)
      throw badRequest(`An event can last at most ${MAX_DAYS} days`);
    return { startsAt, endsAt };
  }

  private title(raw: string | undefined): string | undefined {
    if (raw === undefined) return undefined;
    const title = plainText(raw, TITLE_MAX);
    if (!title) throw badRequest('title must have some text (markup is not kept)');
    return title;
  }

  private async find(db: Queryable, id: string, lock = false): Promise<EventRow | undefined> {
    const rows: EventRow[] = await db.query(
      `SELECT ${COLUMNS} FROM site_events e WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  private wall(r: EventRow) {
    const tz = this.env.TIME_ZONE;
    const s = wallClockDayAndTime(r.starts_at, tz);
    const e = wallClockDayAndTime(r.ends_at, tz);
    return { startDay: s.day, startTime: s.time, endDay: e.day, endTime: e.time };
  }

  private toPublic(r: EventRow): SiteEventDto {
    return {
      id: r.id,
      title: r.title,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      ...this.wall(r),
      place: r.place,
      descriptionHtml: r.description_html,
      calendarUrl: calendarUrl(r.id),
    };
  }

  private toAdmin(r: EventRow): AdminSiteEventDto {
    const { calendarUrl: _, ...shown } = this.toPublic(r);
    void _;
    return {
      ...shown,
      published: r.published,
      publishedAt: r.published_at ? r.published_at.toISOString() : null,
      updatedAt: r.updated_at.toISOString(),
      updatedBy: r.updated_by,
    };
  }
}

/** An event's description as plain text for calendar programs (paragraphs on their own lines). */
function descriptionText(html: string): string {
  return html
    .split(/<\/(?:p|h2|h3|li)>|<br\s*\/?>/)
    .map((part) => plainText(part, 2_000))
    .filter(Boolean)
    .join('\n');
}
