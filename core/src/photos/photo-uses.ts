import type { Queryable } from '../db/queryable.js';
import { MEDIA_PREFIX } from './media-names.js';

/** One place a photo is used: what kind of content, its title, and where staff edit it. */
export interface PhotoUse {
  /** What kind of content, as staff say it: "Page", "News post", "Event". */
  kind: string;
  title: string;
  /** The admin screen that edits it (e.g. `/admin/website/pages/about`), when there is one. */
  editPath?: string;
}

/** What a finder is given: the photo's id and the names of all its files under /media/. */
export interface PhotoRef {
  id: string;
  fileNames: string[];
}

/** Searches one content table for a photo. */
export type PhotoUseFinder = (db: Queryable, photo: PhotoRef) => Promise<PhotoUse[]>;

const IDENT = /^[a-z_][a-z0-9_]*$/;
function ident(name: string): string {
  if (!IDENT.test(name)) throw new Error(`Not a plain SQL name: ${name}`);
  return name;
}

export interface TableSearch {
  /** The table (a plain name, checked). */
  table: string;
  /** The column holding the title shown to staff. */
  titleColumn: string;
  /** What kind of content its rows are, as staff say it. */
  kind: string;
  /** The admin screen of a row, from its key column's value (when keyColumn is given). */
  editPath?: (key: string) => string;
  keyColumn?: string;
}

function toUses(rows: Array<{ title: string; key: string | null }>, s: TableSearch): PhotoUse[] {
  return rows.map((r) => ({
    kind: s.kind,
    title: r.title,
    ...(s.editPath && r.key !== null ? { editPath: s.editPath(String(r.key)) } : {}),
  }));
}

function select(s: TableSearch): string {
  const key = s.keyColumn ? `${ident(s.keyColumn)}::text` : 'NULL';
  return `SELECT DISTINCT ${ident(s.titleColumn)}::text AS title, ${key} AS key FROM ${ident(s.table)}`;
}

/** A finder for content that names a photo in an id column (e.g. a news post's `photo_id`). */
export function usesByIdColumn(s: TableSearch & { idColumn: string }): PhotoUseFinder {
  const sql = `${select(s)} WHERE ${ident(s.idColumn)} = $1::uuid ORDER BY 1`;
  return async (db, photo) => toUses(await db.query(sql, [photo.id]), s);
}

/**
 * A finder for content that shows a photo inside its (sanitised) HTML: any of the photo's /media/ addresses in
 * the column, in an <img src> or a srcset alike. File names are hex digits, a width and an extension, so they
 * hold no LIKE wildcard.
 */
export function usesInHtml(s: TableSearch & { htmlColumn: string }): PhotoUseFinder {
  const sql =
    `${select(s)} WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) AS n ` +
    `WHERE ${ident(s.htmlColumn)} LIKE '%' || $2 || n || '%') ORDER BY 1`;
  return async (db, photo) =>
    photo.fileNames.length ? toUses(await db.query(sql, [photo.fileNames, MEDIA_PREFIX]), s) : [];
}

/**
 * The registry of "where is this photo used": each content feature adds its finder here (pages by the /media/
 * addresses in their HTML, news posts by their photo column and their body...), and deleting a photo asks every
 * one. Register at module load, from the feature's own core file:
 *   registerPhotoUses(usesInHtml({ table: 'site_pages', htmlColumn: 'body', titleColumn: 'title', kind: 'Page' }));
 * and import that file once from `core/src/photos/photo-use-finders.ts`, so the API and scripts see the same list.
 */
const finders: PhotoUseFinder[] = [];

export function registerPhotoUses(...added: PhotoUseFinder[]): void {
  finders.push(...added);
}

/** Every place the photo is used, across every registered finder (empty: it may be deleted). */
export async function findPhotoUses(db: Queryable, photo: PhotoRef): Promise<PhotoUse[]> {
  const found = await Promise.all(finders.map((f) => f(db, photo)));
  return found.flat();
}
