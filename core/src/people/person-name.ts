import LinkifyIt from 'linkify-it';

/**
 * A name looks like a name: the one rule for every name a donor or an admin types for a person (a donor's first
 * and last name, a tribute's name, a donor's name on the profile, a manual or imported gift). These names reach
 * e-mail that the school sends to people who never asked for it (a tribute notice), so a name must not carry a
 * link, markup or a line break: that would make the school's mail a relay for someone else's message.
 *
 * Refused: control characters (CR/LF, NUL...), line and paragraph separators, bidirectional overrides and
 * zero-width spaces (text that reads differently than it is); `<` and `>`; anything that looks like a web or
 * e-mail address (a scheme, `www.`, a host followed by a path, or what linkify-it, markdown-it's link finder,
 * takes for a link). Real names stay valid: O'Brien, José Núñez, Mary-Kate, Jr., St. John, J.R.R. Tolkien,
 * Smith & Sons. No Node imports: the donation form checks with the same rule before it sends.
 */

const links = new LinkifyIt();
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u200B\u202A-\u202E\u2066-\u2069\uFEFF]/u;
const MARKUP = /[<>]/;
const ADDRESS = [/[a-z][a-z0-9+.-]*:\/\//i, /(^|[^\p{L}])www\./iu, /[\p{L}\d-]\.[\p{L}\d-]{2,}\//iu, /\S@\S+\.\S/];

/** Why `value` is not acceptable as a name (a sentence starting with `label`), or null when it is. */
export function nameProblem(value: string, label: string): string | null {
  if (CONTROL.test(value)) return `${label} must be one line of plain text`;
  if (MARKUP.test(value)) return `${label} cannot contain < or >`;
  if (ADDRESS.some((re) => re.test(value)) || links.test(value))
    return `${label} cannot contain a web or e-mail address`;
  return null;
}
