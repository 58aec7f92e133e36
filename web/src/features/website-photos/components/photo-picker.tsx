import { useCallback, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import type { AdminPhotoDto } from '../../../lib/api-types';
import { useUpdatePhoto, useUploadPhoto } from '../api/change-photos';
import { usePhotos } from '../api/get-photos';
import { ALT_EMPTY, AltTextField, AltTextHelp } from './alt-text-help';

/** What a picker hands back: enough for an <img> (RichTextEditor's onInsertImage takes src and alt) or a photo id column. */
export interface PickedPhoto {
  id: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

export interface PhotoPickerProps {
  open: boolean;
  title?: string;
  onPick: (photo: PickedPhoto) => void;
  onCancel: () => void;
}

/**
 * Choose a photo of the library (those published, with alt text), or upload one from a file, for a page or a post.
 * Alt text is required (and saved on the photo) before the photo is handed back, so no page gets an image without
 * it. An uploaded photo is kept in the library (Website → Photos) but not published to the Gallery by being picked.
 */
export function PhotoPicker({ open, title = 'Choose a photo', onPick, onCancel }: PhotoPickerProps) {
  const photos = usePhotos();
  const upload = useUploadPhoto();
  const update = useUpdatePhoto();
  const [chosen, setChosen] = useState<AdminPhotoDto | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);

  const choose = (p: AdminPhotoDto) => {
    setChosen(p);
    setAlt(p.alt);
    setError(null);
  };
  const uploadFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0];
    if (!f) return;
    setUploadError(null);
    try {
      choose(await upload.mutateAsync(f));
    } catch (err) {
      setUploadError(errorMessage(err, 'The photo could not be uploaded'));
    }
    if (file.current) file.current.value = '';
  };
  const use = async () => {
    if (!chosen) return setError('Choose a photo, or upload one from a file.');
    const text = alt.trim();
    if (!text) return setError(ALT_EMPTY);
    try {
      const saved = text === chosen.alt ? chosen : await update.mutateAsync({ id: chosen.id, alt: text });
      onPick({
        id: saved.id,
        src: saved.image.src,
        alt: saved.alt,
        width: saved.image.width,
        height: saved.image.height,
      });
      setChosen(null);
    } catch (err) {
      setError(errorMessage(err, 'The alt text could not be saved'));
    }
  };
  const busy = upload.isPending || update.isPending;
  const ready = (photos.data ?? []).filter((p) => p.published && p.alt);

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title={title}
      size="lg"
      busy={busy}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void use()} disabled={busy}>
            Use this photo
          </Button>
        </>
      }
    >
      <div className="photo-picker">
        <div className="photo-picker__upload">
          <Label htmlFor="picker-file">Upload a photo from a file</Label>
          <input
            ref={file}
            id="picker-file"
            type="file"
            accept={ACCEPT}
            onChange={(e) => void uploadFile(e)}
            disabled={busy}
          />
          <p role="status" className="adm-muted">
            {upload.isPending ? 'Uploading: making its sizes takes a few seconds…' : ''}
          </p>
          {uploadError && <Alert variant="destructive">{uploadError}</Alert>}
        </div>
        {photos.isPending ? (
          <Spinner label="Loading photos" />
        ) : (
          ready.length > 0 && (
            <fieldset className="photo-picker__choices">
              <legend>Or choose one of the published photos</legend>
              {ready.map((p) => (
                <label key={p.id} className="photo-picker__choice">
                  <input type="radio" name="picker-photo" checked={chosen?.id === p.id} onChange={() => choose(p)} />
                  <img src={p.image.src} width={p.image.width} height={p.image.height} alt="" loading="lazy" />
                  <span>{p.alt}</span>
                </label>
              ))}
            </fieldset>
          )
        )}
        {chosen && !ready.some((p) => p.id === chosen.id) && (
          <div className="photo-picker__uploaded">
            <img src={chosen.image.src} width={chosen.image.width} height={chosen.image.height} alt="" />
            <p>The photo you uploaded. Give it alt text below, then choose “Use this photo”.</p>
          </div>
        )}
        {chosen && (
          <AltTextField
            id="picker-alt"
            label="Alt text for this photo"
            helpId="picker-alt-help"
            value={alt}
            onChange={setAlt}
            error={error}
          />
        )}
        {!chosen && error && <Alert variant="destructive">{error}</Alert>}
        <AltTextHelp id="picker-alt-help" />
      </div>
    </Dialog>
  );
}

/**
 * The picker as a promise, for RichTextEditor's `onInsertImage` (resolves to {src, alt} or null when cancelled)
 * and for a news post's photo (use `id`). Render `picker` once where the editor is.
 */
export function usePhotoPicker(title?: string): { pick: () => Promise<PickedPhoto | null>; picker: ReactNode } {
  const [resolve, setResolve] = useState<((p: PickedPhoto | null) => void) | null>(null);
  const pick = useCallback(() => new Promise<PickedPhoto | null>((r) => setResolve(() => r)), []);
  const done = (p: PickedPhoto | null) => {
    resolve?.(p);
    setResolve(null);
  };
  return {
    pick,
    picker: <PhotoPicker open={resolve !== null} title={title} onPick={done} onCancel={() => done(null)} />,
  };
}
