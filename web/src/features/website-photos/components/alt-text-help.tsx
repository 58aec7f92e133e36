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
