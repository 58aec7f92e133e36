import { useState, type DragEvent, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import type { AdminPhotoDto } from '../../../lib/api-types';
import { useUpdatePhoto } from '../api/change-photos';

export interface PhotoCardProps {
  photo: AdminPhotoDto;
  index: number;
  count: number;
  helpId: string;
  onMove: (photo: AdminPhotoDto, to: number) => void;
  onDelete: (photo: AdminPhotoDto) => void;
  moving: boolean;
  drag: {
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
    onDragEnd: () => void;
    dropTarget: boolean;
  };
}

const ALT_EMPTY = 'Write the alt text first: one sentence saying what the photo shows.';

/** One photo: its alt text and caption, publish or take down, move earlier or later (or drag), delete. */
export function PhotoCard({ photo, index, count, helpId, onMove, onDelete, moving, drag }: PhotoCardProps) {
  const update = useUpdatePhoto();
  const [alt, setAlt] = useState(photo.alt);
  const [caption, setCaption] = useState(photo.caption);
  const [error, setError] = useState<string | null>(null);
  const label = photo.alt || `Photo ${index + 1} (no alt text yet)`;
  const dirty = alt.trim() !== photo.alt || caption.trim() !== photo.caption;

  const save = (published?: boolean) => {
    if (published && !alt.trim()) return setError(ALT_EMPTY);
    setError(null);
    update.mutate(
      { id: photo.id, alt: alt.trim(), caption: caption.trim(), ...(published === undefined ? {} : { published }) },
      {
        onSuccess: (p) =>
          toast({
            title: published === undefined ? 'Photo Saved' : published ? 'Photo Published' : 'Photo Taken Down',
            description:
              published === undefined
                ? 'The alt text and caption are saved.'
                : p.published
                  ? 'It now shows in the Gallery.'
                  : 'It no longer shows in the Gallery.',
          }),
        onError: (err) => setError(errorMessage(err, 'The photo could not be saved')),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };

  return (
    <li
      className={`photo-card${drag.dropTarget ? ' photo-card--drop' : ''}`}
      data-photo={photo.id}
      draggable
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      aria-label={`${index + 1} of ${count}: ${label}`}
    >
      <div className="photo-card__image">
        <img src={photo.image.src} width={photo.image.width} height={photo.image.height} alt="" />
        <Badge variant={photo.published ? 'success' : 'secondary'}>{photo.published ? 'Published' : 'Draft'}</Badge>
      </div>
      <form className="photo-card__form" onSubmit={submit} noValidate>
        <TextAreaField
          id={`alt-${photo.id}`}
          label="Alt text"
          rows={2}
          maxLength={300}
          value={alt}
          onChange={(e) => setAlt(e.target.value)}
          error={error}
          aria-required="true"
          aria-describedby={`${helpId}${error ? ` alt-${photo.id}-error` : ''}`}
        />
        <TextField
          id={`caption-${photo.id}`}
          label="Caption (optional, shown under the photo)"
          maxLength={200}
          value={caption}
          onChange={(e) => setCaption(e.target.value)}
        />
        <div className="photo-card__actions">
          <Button type="submit" size="sm" variant="outline" disabled={update.isPending || !dirty}>
            Save
          </Button>
          {photo.published ? (
            <Button size="sm" variant="outline" onClick={() => save(false)} disabled={update.isPending}>
              Take down
            </Button>
          ) : (
            <Button size="sm" onClick={() => save(true)} disabled={update.isPending}>
              Publish
            </Button>
          )}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onMove(photo, index - 1)}
            disabled={index === 0 || moving}
            aria-label={`Move earlier: ${label}`}
          >
            Move earlier
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onMove(photo, index + 1)}
            disabled={index === count - 1 || moving}
            aria-label={`Move later: ${label}`}
          >
            Move later
          </Button>
          <Button size="sm" variant="destructive" onClick={() => onDelete(photo)} aria-label={`Delete: ${label}`}>
            Delete
          </Button>
        </div>
      </form>
    </li>
  );
}
