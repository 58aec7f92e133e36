/**
 * A photo's alt text and caption are plain text: kept as typed (an editor who types "<b>" sees "<b>"), shown by
 * the web app as text, never as HTML. Only control characters go and whitespace is collapsed to one line.
 */
export const ALT_MAX = 300;
export const CAPTION_MAX = 200;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

export function oneLine(s: string): string {
  return s.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** What the Photos screen and the API say when a photo without alt text is published. */
export const ALT_NEEDED =
  'Add alt text before publishing: one sentence saying what the photo shows, for visitors who cannot see it.';
