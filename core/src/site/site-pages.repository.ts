import type { Queryable } from '../db/queryable.js';
import type { PageContent } from './site-pages.js';

/**
 * The SQL of the editable pages (site_page_drafts, site_page_revisions), shared by the API (editing, the public
 * read) and the worker (the published school facts its mail and PDFs use).
 */
export interface RevisionRow {
  id: string;
  page: string;
  content: PageContent;
  published_at: Date;
  published_by_name: string | null;
  restored_from: string | null;
}

export const sitePagesSql = {
  /** Each page's newest revision (its published content). */
  async published(db: Queryable, pages?: string[]): Promise<Map<string, PageContent>> {
    const rows: Array<{ page: string; content: PageContent }> = await db.query(
      `SELECT DISTINCT ON (page) page, content FROM site_page_revisions
        WHERE $1::text[] IS NULL OR page = ANY($1) ORDER BY page, id DESC`,
      [pages ?? null],
    );
    return new Map(rows.map((r) => [r.page, r.content]));
  },

  async drafts(
    db: Queryable,
  ): Promise<Array<{ page: string; content: PageContent; updated_at: Date; updated_by_name: string | null }>> {
    return db.query(
      `SELECT d.page, d.content, d.updated_at, a.name AS updated_by_name
         FROM site_page_drafts d LEFT JOIN admins a ON a.id = d.updated_by`,
    );
  },

  async saveDraft(db: Queryable, page: string, content: PageContent, adminId: string): Promise<void> {
    await db.query(
      `INSERT INTO site_page_drafts (page, content, updated_at, updated_by) VALUES ($1, $2, now(), $3)
       ON CONFLICT (page) DO UPDATE SET content = EXCLUDED.content, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [page, JSON.stringify(content), adminId],
    );
  },

  async deleteDraft(db: Queryable, page: string): Promise<void> {
    await db.query(`DELETE FROM site_page_drafts WHERE page = $1`, [page]);
  },

  async insertRevision(
    db: Queryable,
    page: string,
    content: PageContent,
    adminId: string,
    restoredFrom: string | null,
  ): Promise<string> {
    const rows: Array<{ id: string }> = await db.query(
      `INSERT INTO site_page_revisions (page, content, published_by, restored_from) VALUES ($1, $2, $3, $4) RETURNING id`,
      [page, JSON.stringify(content), adminId, restoredFrom],
    );
    return rows[0].id;
  },

  async revisions(db: Queryable, page: string): Promise<RevisionRow[]> {
    return db.query(
      `SELECT r.id, r.page, r.content, r.published_at, a.name AS published_by_name, r.restored_from
         FROM site_page_revisions r LEFT JOIN admins a ON a.id = r.published_by
        WHERE r.page = $1 ORDER BY r.id DESC LIMIT 200`,
      [page],
    );
  },

  async revision(db: Queryable, page: string, id: string): Promise<RevisionRow | undefined> {
    const rows: RevisionRow[] = await db.query(
      `SELECT r.id, r.page, r.content, r.published_at, NULL AS published_by_name, r.restored_from
         FROM site_page_revisions r WHERE r.page = $1 AND r.id = $2`,
      [page, id],
    );
    return rows[0];
  },
};
