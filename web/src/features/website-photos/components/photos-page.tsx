import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AdminPhotoDto, PhotoUseDto } from '../../../lib/api-types';
import { getPhotoUses, useDeletePhoto, useReorderPhotos, useUploadPhoto } from '../api/change-photos';
import { usePhotos } from '../api/get-photos';
import { AltTextHelp } from './alt-text-help';
import { PhotoCard } from './photo-card';

const ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

function Upload() {
  const upload = useUploadPhoto();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    setError(null);
    for (const file of files) {
      setBusy(file.name);
      try {
        await upload.mutateAsync(file);
        toast({ title: 'Photo Uploaded', description: 'Write its alt text, then publish it.' });
      } catch (err) {
        setError(`${file.name}: ${errorMessage(err, 'The photo could not be uploaded')}`);
        break;
      }
    }
    setBusy(null);
    if (input.current) input.current.value = '';
  };
  return (
    <Card as="section" aria-labelledby="photo-upload">
      <CardHeader
        title="Add Photos"
        titleId="photo-upload"
        titleAs="h2"
        description="JPEG, PNG, WebP or HEIC (iPhone), from your phone or computer. Location and camera details are removed from every photo."
      />
      <CardContent>
        <Label htmlFor="photo-file">Choose photos</Label>
        <input
          ref={input}
          id="photo-file"
          className="photo-upload__input"
          type="file"
          accept={ACCEPT}
          multiple
          onChange={(e) => void choose(e)}
          disabled={busy !== null}
          aria-describedby={error ? 'photo-upload-error' : undefined}
        />
        <p role="status" className="adm-muted">
          {busy ? `Uploading ${busy}: making its sizes takes a few seconds…` : ''}
        </p>
        {error && (
          <Alert variant="destructive" id="photo-upload-error">
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** The Photos screen: upload, alt text and captions, publish, Gallery order (drag, or the move buttons), delete. */
export function PhotosPage() {
  const photos = usePhotos();
  const reorder = useReorderPhotos();
  const remove = useDeletePhoto();
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ photo: AdminPhotoDto; uses: PhotoUseDto[] | null } | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [refocus, setRefocus] = useState<{ id: string; earlier: boolean } | null>(null);
  const list = photos.data ?? [];

  // Keep focus with the moved photo: its node moved and its buttons were disabled while the move was sent, which
  // drops focus. Once the page shows the new order with the buttons enabled again (after the commit, so never
  // before the disabled state is gone), focus the same button, or the other one when the photo reached an end.
  useEffect(() => {
    if (!refocus || reorder.isPending) return;
    const find = (name: string) =>
      document.querySelector<HTMLButtonElement>(
        `[data-photo="${refocus.id}"] button[aria-label^="${name}:"]:not([disabled])`,
      );
    const [same, other] = refocus.earlier ? ['Move earlier', 'Move later'] : ['Move later', 'Move earlier'];
    (find(same) ?? find(other))?.focus();
    setRefocus(null);
  }, [refocus, reorder.isPending, photos.data]);

  const move = (photo: AdminPhotoDto, to: number) => {
    const from = list.findIndex((p) => p.id === photo.id);
    if (from < 0 || to < 0 || to >= list.length || to === from) return;
    const order = moved(list, from, to);
    reorder.mutate(
      order.map((p) => p.id),
      {
        onSuccess: () => {
          setRefocus({ id: photo.id, earlier: to < from });
          setAnnouncement(`Moved “${photo.alt || 'photo'}” to position ${to + 1} of ${order.length}.`);
        },
        onError: (err) => setAnnouncement(errorMessage(err, 'The photo could not be moved')),
      },
    );
  };

  const drag = (index: number) => ({
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(index));
      setDragged(index);
    },
    onDragOver: (e: DragEvent) => {
      if (dragged === null) return;
      e.preventDefault();
      setOver(index);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragged !== null) move(list[dragged], index);
      setDragged(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragged(null);
      setOver(null);
    },
    dropTarget: over === index && dragged !== null && dragged !== index,
  });

  const askDelete = async (photo: AdminPhotoDto) => {
    setDeleteError(null);
    setDeleting({ photo, uses: null });
    try {
      setDeleting({ photo, uses: await getPhotoUses(photo.id) });
    } catch (err) {
      setDeleteError(errorMessage(err, 'Could not check where the photo is used'));
    }
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.photo.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Photo Deleted', description: 'It is gone from the library and the Gallery.' });
      },
      onError: (err) => setDeleteError(errorMessage(err, 'The photo could not be deleted')),
    });
  };
  const used = (deleting?.uses?.length ?? 0) > 0;

  return (
    <div className="adm-stack">
      <Upload />
      <Card as="section" aria-labelledby="photo-library">
        <CardHeader
          title="Photos and Gallery Order"
          titleId="photo-library"
          titleAs="h2"
          description="Published photos show in the Gallery in this order. Drag a photo, or use Move earlier and Move later."
        />
        <CardContent>
          <AltTextHelp id="alt-help" />
          <p className="sr-only" aria-live="polite" role="status">
            {announcement}
          </p>
          {photos.isPending ? (
            <Spinner label="Loading photos" />
          ) : photos.isError ? (
            <Alert variant="destructive">{errorMessage(photos.error, 'The photos could not be loaded')}</Alert>
          ) : list.length === 0 ? (
            <p className="adm-empty">
              No photos yet. Until you publish your first, the Gallery shows the photos that came with the site.
            </p>
          ) : (
            <ol className="photo-list">
              {list.map((p, i) => (
                <PhotoCard
                  key={p.id}
                  photo={p}
                  index={i}
                  count={list.length}
                  helpId="alt-help"
                  onMove={move}
                  onDelete={(photo) => void askDelete(photo)}
                  moving={reorder.isPending}
                  drag={drag(i)}
                />
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Dialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        role="alertdialog"
        title={used ? 'This photo is in use' : 'Delete this photo?'}
        busy={remove.isPending}
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              {used ? 'Close' : 'Cancel'}
            </Button>
            {!used && (
              <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending || !deleting?.uses}>
                Delete photo
              </Button>
            )}
          </>
        }
      >
        {deleting?.uses === null && !deleteError && <Spinner label="Checking where the photo is used" />}
        {used ? (
          <>
            <p>Remove it from these first, then delete it:</p>
            <ul>
              {deleting!.uses!.map((u) => (
                <li key={`${u.kind}:${u.title}`}>
                  {u.editPath ? <a href={u.editPath}>{`${u.kind}: ${u.title}`}</a> : `${u.kind}: ${u.title}`}
                </li>
              ))}
            </ul>
          </>
        ) : (
          deleting?.uses && <p>It is removed from the library and the Gallery. This cannot be undone.</p>
        )}
        {deleteError && <Alert variant="destructive">{deleteError}</Alert>}
      </Dialog>
    </div>
  );
}
