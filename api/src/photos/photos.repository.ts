import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from '../../../core/src/db/queryable.js';
import type { MediaFormat } from '../../../core/src/photos/media-names.js';
import type { ProcessedPhoto } from '../../../core/src/photos/photo-processing.js';

export interface PhotoRow {
  id: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
  position: number;
  published_at: Date | null;
  created_at: Date;
  uploaded_by: string | null;
  /** The photo's files without their bytes: [{format, width, height, name}]. */
  files: Array<{ format: MediaFormat; width: number; height: number; name: string }>;
}

const SELECT = `
  SELECT p.id, p.alt, p.caption, p.width, p.height, p.position, p.published_at, p.created_at,
         a.name AS uploaded_by,
         (SELECT json_agg(json_build_object('format', f.format, 'width', f.width, 'height', f.height, 'name', f.name)
                          ORDER BY f.width, f.format)
            FROM photo_files f WHERE f.photo_id = p.id) AS files
    FROM photos p LEFT JOIN admins a ON a.id = p.uploaded_by`;

/** The photos' SQL: rows, their files' bytes (bytea), the Gallery order. */
@Injectable()
export class PhotosRepository {
  constructor(@Inject(DataSource) private readonly ds: DataSource) {}

  async list(db: Queryable = this.ds, opts: { publishedOnly?: boolean } = {}): Promise<PhotoRow[]> {
    const where = opts.publishedOnly ? 'WHERE p.published_at IS NOT NULL' : '';
    return db.query(`${SELECT} ${where} ORDER BY p.position, p.created_at`);
  }

  async find(db: Queryable, id: string, lock = false): Promise<PhotoRow | null> {
    if (lock) await db.query(`SELECT 1 FROM photos WHERE id = $1 FOR UPDATE`, [id]);
    const rows: PhotoRow[] = await db.query(`${SELECT} WHERE p.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The photos of these ids that have alt text (the ones a page or a post may show), in no order. */
  async findWithAlt(db: Queryable, ids: string[]): Promise<PhotoRow[]> {
    if (!ids.length) return [];
    return db.query(`${SELECT} WHERE p.id = ANY($1::uuid[]) AND p.alt <> ''`, [ids]);
  }

  /** The photo uploaded with this file's hash before, if any (the same file twice). */
  async findByHash(db: Queryable, contentHash: string): Promise<{ id: string; created_at: Date } | null> {
    const rows = await db.query(`SELECT id, created_at FROM photos WHERE content_hash = $1`, [contentHash]);
    return rows[0] ?? null;
  }

  /** Stores a processed photo (unpublished, last in the Gallery order) and its files; answers its id. */
  async insert(db: Queryable, photo: ProcessedPhoto, adminId: string | null): Promise<string | null> {
    const rows: Array<{ id: string }> = await db.query(
      `INSERT INTO photos (content_hash, width, height, position, uploaded_by)
       VALUES ($1, $2, $3, (SELECT coalesce(max(position), 0) + 1 FROM photos), $4)
       ON CONFLICT (content_hash) DO NOTHING RETURNING id`,
      [photo.contentHash, photo.width, photo.height, adminId],
    );
    const id = rows[0]?.id;
    if (!id) return null;
    for (const f of photo.files) {
      await db.query(
        `INSERT INTO photo_files (photo_id, format, width, height, name, bytes) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO NOTHING`,
        [id, f.format, f.width, f.height, f.name, f.bytes],
      );
    }
    return id;
  }

  async update(
    db: Queryable,
    id: string,
    change: { alt?: string; caption?: string; published?: boolean },
  ): Promise<void> {
    await db.query(
      `UPDATE photos SET alt = coalesce($2, alt), caption = coalesce($3, caption),
              published_at = CASE WHEN $4::boolean IS NULL THEN published_at
                                  WHEN $4 THEN coalesce(published_at, now()) ELSE NULL END,
              updated_at = now()
        WHERE id = $1`,
      [id, change.alt ?? null, change.caption ?? null, change.published ?? null],
    );
  }

  /** Sets the Gallery order to `ids` (every photo's id, each once): positions 1..n. */
  async reorder(db: Queryable, ids: string[]): Promise<void> {
    await db.query(
      `UPDATE photos p SET position = o.n, updated_at = now()
         FROM unnest($1::uuid[]) WITH ORDINALITY AS o(id, n) WHERE p.id = o.id AND p.position <> o.n`,
      [ids],
    );
  }

  async allIds(db: Queryable): Promise<string[]> {
    const rows: Array<{ id: string }> = await db.query(`SELECT id FROM photos ORDER BY id FOR UPDATE`);
    return rows.map((r) => r.id);
  }

  async delete(db: Queryable, id: string): Promise<boolean> {
    const rows: unknown = await db.query(`DELETE FROM photos WHERE id = $1 RETURNING id`, [id]);
    const list = Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0] : rows;
    return Array.isArray(list) && list.length > 0;
  }

  /** A file's bytes and format by its name under /media/. */
  async file(name: string): Promise<{ format: MediaFormat; bytes: Buffer } | null> {
    const rows: Array<{ format: MediaFormat; bytes: Buffer }> = await this.ds.query(
      `SELECT format, bytes FROM photo_files WHERE name = $1`,
      [name],
    );
    return rows[0] ?? null;
  }
}
