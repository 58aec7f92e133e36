import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { badRequest, notFound } from '../../../core/src/http/errors.js';
import { cleanPageContent } from '../../../core/src/site/clean-page-content.js';
import { sitePagesSql } from '../../../core/src/site/site-pages.repository.js';
import { SITE_PAGE_KEYS, withDefaults, type SitePageKey } from '../../../core/src/site/site-pages.js';
import { siteVersion } from '../../../core/src/site/site-version.js';
import { AuditService } from '../auth/audit.service.js';
import type { PageStateDto, PublicSitePagesDto, RevisionsDto, SitePagesAdminDto } from './site-pages.dto.js';

interface Actor {
  adminId: string;
  ip?: string;
  userAgent?: string;
}

function pageKey(page: string): SitePageKey {
  if (!(SITE_PAGE_KEYS as readonly string[]).includes(page)) throw notFound(`No page ${page}`);
  return page as SitePageKey;
}

/**
 * Website > Pages: drafts (saved, sanitised), publish (a new revision and a new site version in one transaction),
 * history, restore (publishes an earlier revision's content again, as a new revision), and the public read. Every
 * write is audited in its own transaction.
 */
@Injectable()
export class SitePagesService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(AuditService) private readonly audit: AuditService,
  ) {}

  async publicPages(): Promise<PublicSitePagesDto> {
    const [version, published] = await Promise.all([siteVersion.read(this.ds), sitePagesSql.published(this.ds)]);
    const pages = Object.fromEntries(SITE_PAGE_KEYS.map((k) => [k, withDefaults(k, published.get(k))]));
    return { version: version.version, pages };
  }

  async adminPages(): Promise<SitePagesAdminDto> {
    const [published, drafts] = await Promise.all([sitePagesSql.published(this.ds), sitePagesSql.drafts(this.ds)]);
    const byPage = new Map(drafts.map((d) => [d.page, d]));
    return {
      pages: SITE_PAGE_KEYS.map((k): PageStateDto => {
        const d = byPage.get(k);
        return {
          page: k,
          published: withDefaults(k, published.get(k)),
          draft: d ? withDefaults(k, d.content) : null,
          draftSavedAt: d ? d.updated_at.toISOString() : null,
          draftSavedBy: d?.updated_by_name ?? null,
        };
      }),
    };
  }

  async saveDraft(page: string, input: Record<string, unknown>, actor: Actor): Promise<PageStateDto> {
    const key = pageKey(page);
    const published = withDefaults(key, (await sitePagesSql.published(this.ds, [key])).get(key));
    const { content, errors } = cleanPageContent(key, input, published);
    if (errors.length) throw badRequest(errors.join(' '));
    await this.ds.transaction(async (m) => {
      await sitePagesSql.saveDraft(m, key, content, actor.adminId);
      await this.audit.record('site.page.draft_saved', { ...actor, details: { page: key }, manager: m });
    });
    return (await this.adminPages()).pages.find((p) => p.page === key)!;
  }

  async discardDraft(page: string, actor: Actor): Promise<PageStateDto> {
    const key = pageKey(page);
    await this.ds.transaction(async (m) => {
      await sitePagesSql.deleteDraft(m, key);
      await this.audit.record('site.page.draft_discarded', { ...actor, details: { page: key }, manager: m });
    });
    return (await this.adminPages()).pages.find((p) => p.page === key)!;
  }

  async publish(page: string, actor: Actor): Promise<PageStateDto> {
    const key = pageKey(page);
    const draft = (await sitePagesSql.drafts(this.ds)).find((d) => d.page === key);
    if (!draft) throw badRequest('There is no draft to publish: save your changes first.');
    const published = withDefaults(key, (await sitePagesSql.published(this.ds, [key])).get(key));
    // Cleaned again: what is published went through today's sanitiser, whatever the draft row holds.
    const { content, errors } = cleanPageContent(key, draft.content, published);
    if (errors.length) throw badRequest(errors.join(' '));
    await this.ds.transaction(async (m) => {
      const id = await sitePagesSql.insertRevision(m, key, content, actor.adminId, null);
      await sitePagesSql.deleteDraft(m, key);
      const v = await siteVersion.bump(m);
      await this.audit.record('site.page.published', {
        ...actor,
        details: { page: key, revisionId: id, siteVersion: v.version },
        manager: m,
      });
    });
    return (await this.adminPages()).pages.find((p) => p.page === key)!;
  }

  async revisions(page: string): Promise<RevisionsDto> {
    const key = pageKey(page);
    const rows = await sitePagesSql.revisions(this.ds, key);
    return {
      revisions: rows.map((r, i) => ({
        id: String(r.id),
        publishedAt: r.published_at.toISOString(),
        publishedBy: r.published_by_name,
        restoredFrom: r.restored_from === null ? null : String(r.restored_from),
        current: i === 0,
        content: withDefaults(key, r.content),
      })),
    };
  }

  async restore(page: string, revisionId: string, actor: Actor): Promise<PageStateDto> {
    const key = pageKey(page);
    if (!/^\d{1,18}$/.test(revisionId)) throw notFound('No such revision');
    const rev = await sitePagesSql.revision(this.ds, key, revisionId);
    if (!rev) throw notFound('No such revision of this page');
    const { content } = cleanPageContent(key, rev.content, withDefaults(key, null));
    await this.ds.transaction(async (m) => {
      const id = await sitePagesSql.insertRevision(m, key, content, actor.adminId, String(rev.id));
      const v = await siteVersion.bump(m);
      await this.audit.record('site.page.restored', {
        ...actor,
        details: { page: key, restoredFrom: String(rev.id), revisionId: id, siteVersion: v.version },
        manager: m,
      });
    });
    return (await this.adminPages()).pages.find((p) => p.page === key)!;
  }
}
