import { Button } from './ui/button';

/** A photo for some content (a news post's, an appeal's cover), as the app's photo picker answers it. */
export interface ChosenPhoto {
  id: string;
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The photo picker, handed to a feature by the app's route (null when the admin cancels). */
export type PickPhoto = () => Promise<ChosenPhoto | null>;

/** The chosen photo as the form shows it (null with an id: the photo has lost its alt text). */
export type ShownPhoto = Omit<ChosenPhoto, 'id'>;

/**
 * A form's photo field: the chosen photo's thumbnail and alt text, and Choose / Change / Remove through the picker
 * the route hands in. Without a picker (the admin's role has no photo library) the field says so in `noPicker`
 * and offers no button, so nothing calls the photo routes.
 */
export function PhotoField({
  legend,
  photoId,
  photo,
  pickPhoto,
  none,
  noPicker,
  onChange,
}: {
  legend: string;
  photoId: string | null;
  photo: ShownPhoto | null;
  pickPhoto?: PickPhoto;
  /** What the field says when there is no photo. */
  none: string;
  /** What it says when there is no picker. */
  noPicker?: string;
  onChange: (photoId: string | null, photo: ShownPhoto | null) => void;
}) {
  const choose = async () => {
    const picked = await pickPhoto?.();
    if (picked) onChange(picked.id, { src: picked.src, alt: picked.alt, width: picked.width, height: picked.height });
  };
  return (
    <fieldset className="photo-field">
      <legend className="label">{legend}</legend>
      {photo ? (
        <div className="photo-field__chosen">
          {/* The alt text is written beside it, so the thumbnail itself is not announced twice. */}
          <img src={photo.src} width={photo.width} height={photo.height} alt="" />
          <p>
            <span className="adm-muted">Alt text: </span>
            {photo.alt}
          </p>
        </div>
      ) : (
        <p className="adm-muted">
          {photoId
            ? 'The chosen photo has no alt text now, so visitors do not see it. Choose it again to give it alt text, or choose another.'
            : none}
        </p>
      )}
      {pickPhoto ? (
        <div className="photo-field__actions">
          <Button type="button" variant="outline" onClick={() => void choose()}>
            {photoId ? 'Change photo' : 'Choose a photo'}
          </Button>
          {photoId && (
            <Button type="button" variant="ghost" onClick={() => onChange(null, null)}>
              Remove photo
            </Button>
          )}
        </div>
      ) : (
        noPicker && <p className="adm-muted">{noPicker}</p>
      )}
    </fieldset>
  );
}
