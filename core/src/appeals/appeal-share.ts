/**
 * How an appeal is shared: its address, the share links (plain links to each site's own share page: no script of
 * theirs runs on ours, nothing tracks the visitor until they click), and the "Donate" button partner sites paste.
 * Read by the appeal page, the Appeals report and the tests, so the words and addresses are written once.
 */

/** '/give/van' on this site's address (`origin`: 'https://hillside.example'). */
export function appealUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/give/${encodeURIComponent(slug)}`;
}

export interface ShareLinks {
  mailto: string;
  facebook: string;
  x: string;
}

/** E-mail, Facebook and X: each a link to the site's own share form, carrying only the page's address and name. */
export function shareLinks(url: string, appealName: string): ShareLinks {
  const text = `Support ${appealName}`;
  return {
    mailto: `mailto:?subject=${encodeURIComponent(text)}&body=${encodeURIComponent(`${text}: ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
  };
}

const escHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The button's look, inline (a partner site's CSS cannot be relied on, and no stylesheet of ours loads there). */
const BUTTON_STYLE =
  'display:inline-block;padding:12px 24px;background:#0b4f8a;color:#ffffff;font:bold 18px/1.2 Arial,sans-serif;' +
  'text-decoration:none;border-radius:6px';

/**
 * The embeddable "Donate" button: one plain link with inline style that opens the appeal page (no script, no
 * iframe: our pages refuse to be framed, CSP frame-ancestors 'none' and X-Frame-Options DENY).
 */
export function embedSnippet(url: string, appealName: string): string {
  return `<a href="${escHtml(url)}" style="${BUTTON_STYLE}">Donate to ${escHtml(appealName)}</a>`;
}

/** What an appeal's printed QR code opens: the page, tagged utm_source=qr (the report tells those gifts apart). */
export function appealQrUrl(origin: string, slug: string): string {
  return `${appealUrl(origin, slug)}?utm_source=qr`;
}
