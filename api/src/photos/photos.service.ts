import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { ENV } from '../../../core/src/config/load-env.js';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { badRequest, DomainError, notFound } from '../../../core/src/http/errors.js';
import { GALLERY_OWN_PHOTOS } from '../../../core/src/photos/gallery-settings.js';
import { processPhoto } from '../../../core/src/photos/photo-processing.js';
import { ALT_NEEDED } from '../../../core/src/photos/photo-text.js';
import { findPhotoUses, type PhotoUse } from '../../../core/src/photos/photo-uses.js';
import '../../../core/src/photos/photo-use-finders.js';
import { settings } from '../../../core/src/settings/settings.repository.js';
import type { PublicAdmin } from '../auth/admin.repository.js';
import { AuditService } from '../auth/audit.service.js';
import { adminPhoto, galleryPhoto } from './photo-images.js';
import { readUpload } from './photo-upload.js';
import type { AdminPhotoDto, GalleryDto, UpdatePhotoDto } from './photos.dto.js';
import { PhotosRepository, type PhotoRow } from './photos.repository.js';

type Meta = ReturnType<typeof AuditService.context>;

/** "where used" as one sentence: `Page "About", News post "Picnic"`. */
function listUses(uses: PhotoUse[]): string {
  return uses.map((u) => `${u.kind} "${u.title}"`).join(', ');
}

/** The school's photos: upload (processed by core/src/photos), alt text and captions, publishing, order, deletion. */
@Injectable()
export class PhotosService {
  constructor(
    @Inject(DataSource) private readonly ds: DataSource,
    @Inject(ENV) private readonly env: EnvDto,
    @Inject(AuditService) private readonly audit: AuditService,
    @Inject(PhotosRepository) private readonly repo: PhotosRepository,
  ) {}

  async gallery(): Promise<GalleryDto> {
    const [rows, own] = await Promise.all([
      this.repo.list(this.ds, { publishedOnly: true }),
      settings.read(this.ds, GALLERY_OWN_PHOTOS),
    ]);
    return { photos: rows.map(galleryPhoto), builtIn: !own.value && rows.length === 0 };
  }

  async list(): Promise<AdminPhotoDto[]> {
    return (await this.repo.list()).map(adminPhoto);
  }

  async upload(actor: PublicAdmin, req: Request, meta: Meta): Promise<AdminPhotoDto> {
    const maxBytes = this.env.PHOTO_MAX_UPLOAD_MB * 1024 * 1024;
    const processed = await processPhoto(await readUpload(req, maxBytes), maxBytes);
    return this.ds.transaction(async (m) => {
      const id = await this.repo.insert(m, processed, actor.id);
      if (!id) {
        const earlier = await this.repo.findByHash(m, processed.contentHash);
        const day = earlier ? ` on ${new Date(earlier.created_at).toISOString().slice(0, 10)}` : '';
        throw new DomainError(409, `This photo is already in the library (uploaded${day}).`);
      }
      await this.audit.record('photo.uploaded', {
        ...meta,
        success: true,
        details: { photoId: id, kind: processed.kind, width: processed.width, height: processed.height },
        manager: m,
      });
      return adminPhoto((await this.repo.find(m, id))!);
    });
  }

  async update(id: string, dto: UpdatePhotoDto, meta: Meta): Promise<AdminPhotoDto> {
    return this.ds.transaction(async (m) => {
      const before = await this.repo.find(m, id, true);
      if (!before) throw notFound('No such photo');
      const alt = dto.alt ?? before.alt;
      if (dto.published && !alt) throw badRequest(ALT_NEEDED);
      if (dto.alt === '' && before.published_at && dto.published !== false) throw badRequest(ALT_NEEDED);
      await this.repo.update(m, id, dto);
      const after = (await this.repo.find(m, id))!;
      if (after.published_at) await settings.write(m, GALLERY_OWN_PHOTOS, true, meta.adminId ?? null);
      await this.auditChange(m, before, after, meta);
      return adminPhoto(after);
    });
  }

  private async auditChange(m: DataSource['manager'], before: PhotoRow, after: PhotoRow, meta: Meta): Promise<void> {
    const changed = (['alt', 'caption'] as const).filter((k) => before[k] !== after[k]);
    const published = (before.published_at !== null) !== (after.published_at !== null);
    if (!changed.length && !published) return;
    const action = !published ? 'photo.updated' : after.published_at ? 'photo.published' : 'photo.unpublished';
    await this.audit.record(action, { ...meta, success: true, details: { photoId: after.id, changed }, manager: m });
  }

  async reorder(ids: string[], meta: Meta): Promise<AdminPhotoDto[]> {
    return this.ds.transaction(async (m) => {
      const current = await this.repo.allIds(m);
      const given = [...new Set(ids)];
      if (given.length !== ids.length || given.length !== current.length || given.some((id) => !current.includes(id)))
        throw new DomainError(409, 'The photos changed since this list was loaded. Reload the page and move it again.');
      await this.repo.reorder(m, ids);
      await this.audit.record('photo.reordered', {
        ...meta,
        success: true,
        details: { count: ids.length },
        manager: m,
      });
      return (await this.repo.list(m)).map(adminPhoto);
    });
  }

  /** Where the photo is used on the site's content (every finder registered in core/src/photos/photo-uses.ts). */
  async uses(id: string): Promise<PhotoUse[]> {
    const photo = await this.repo.find(this.ds, id);
    if (!photo) throw notFound('No such photo');
    return findPhotoUses(this.ds, { id, fileNames: (photo.files ?? []).map((f) => f.name) });
  }

  async delete(id: string, meta: Meta): Promise<void> {
    await this.ds.transaction(async (m) => {
      const photo = await this.repo.find(m, id, true);
      if (!photo) throw notFound('No such photo');
      const uses = await findPhotoUses(m, { id, fileNames: (photo.files ?? []).map((f) => f.name) });
      if (uses.length)
        throw new DomainError(
          409,
          `This photo is used on ${listUses(uses)}. Remove it from there first, then delete it.`,
        );
      await this.repo.delete(m, id);
      await this.audit.record('photo.deleted', {
        ...meta,
        success: true,
        details: { photoId: id, wasPublished: photo.published_at !== null },
        manager: m,
      });
    });
  }

  /** A file under /media/ (public: names are hashes of the bytes, unguessable until a page shows them). */
  file(name: string) {
    return this.repo.file(name);
  }
}
