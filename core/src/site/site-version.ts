import type { Queryable } from '../db/queryable.js';

/**
 * The site's content version (table `site_version`, one row): every publish of any site content (a page, a news
 * post, an event, a photo) bumps it in the publish's own transaction, and every public read under /api/site
 * answers with it as its ETag. One indexed row read per request is cheap and is the same for every API instance,
 * so a publish is visible on the next request anywhere, with no cache to clear.
 */
export interface SiteVersion {
  version: number;
  changedAt: Date;
}

export const siteVersion = {
  async read(db: Queryable): Promise<SiteVersion> {
    const rows: Array<{ version: string; changed_at: Date }> = await db.query(
      `SELECT version, changed_at FROM site_version WHERE id`,
    );
    const row = rows[0];
    return row ? { version: Number(row.version), changedAt: row.changed_at } : { version: 1, changedAt: new Date(0) };
  },

  /** Call inside the publishing transaction, so the new version and the new content commit together. */
  async bump(db: Queryable): Promise<SiteVersion> {
    const rows: Array<{ version: string; changed_at: Date }> = await db.query(
      `UPDATE site_version SET version = version + 1, changed_at = now() WHERE id RETURNING version, changed_at`,
    );
    const row = (Array.isArray(rows[0]) ? rows[0] : rows)[0] as { version: string; changed_at: Date };
    return { version: Number(row.version), changedAt: row.changed_at };
  },
};

/** The ETag of public site reads at a version (`what` tells two endpoints' answers apart). */
export function siteEtag(what: string, version: number): string {
  return `W/"site-${what}-${version}"`;
}

/**
 * Public site answers may be kept by the browser but must be checked each time (no-cache + ETag: a 304 costs one
 * row read), so a publish shows on the next load.
 */
export const SITE_CACHE_CONTROL = 'public, no-cache';
