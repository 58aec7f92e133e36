import { TextAreaField } from '../../../components/ui/field';

/** What the screens say when a photo without alt text is published or picked. */
export const ALT_EMPTY = 'Write the alt text first: one sentence saying what the photo shows.';

/** What good alt text is, said once: on the Photos screen and in the photo picker. */
export function AltTextHelp({ id }: { id: string }) {
  return (
    <div id={id} className="photo-alt-help">
      <p>
        <strong>Alt text</strong> is read aloud to visitors who cannot see the photo, and shown when it does not load.
        Write one sentence saying what the photo shows, as you would on the phone:
      </p>
      <ul>
        <li>Who is doing what, and where: “Two adults plant tomatoes in the raised-bed garden.”</li>
        <li>Leave out “Photo of” or “Image of”: screen readers already say it is an image.</li>
        <li>Do not repeat the caption, and leave out names unless the person agreed.</li>
      </ul>
    </div>
  );
}

/** The alt text box (required, at most 300 characters), described by the advice above and by its error. */
export function AltTextField({
  id,
  label,
  helpId,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  helpId: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextAreaField
      id={id}
      label={label}
      rows={2}
      maxLength={300}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      aria-required="true"
      aria-describedby={`${helpId}${error ? ` ${id}-error` : ''}`}
    />
  );
}
