import sanitizeHtml from 'sanitize-html';
import { isMediaUrl } from '../photos/media-names.js';

/**
 * The one sanitiser of the site's content (pages, news, events, photos' captions): every content field is passed
 * through it on the server when written, and the public pages render only what it returned. It keeps what the
 * site's styles support (paragraphs, two heading levels, bold, italic, links, lists, line breaks, our own photos)
 * and drops everything else: scripts, styles, event handlers, frames, and any link that is not http(s), mailto or
 * tel (so no `javascript:` or `data:` URL reaches a visitor). sanitize-html (a well-kept library), never a
 * hand-written filter.
 */
const NON_TEXT = ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object'];

function ownSrcset(srcset: string): boolean {
  return srcset
    .split(',')
    .map((part) => part.trim().split(/\s+/)[0])
    .every(isMediaUrl);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'br', 'img'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt', 'width', 'height', 'srcset', 'sizes'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // An image's src is never a full URL: only our own /media/... paths pass (exclusiveFilter below).
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whatever sat inside a dropped script or style is dropped with it, never shown as text.
  nonTextTags: NON_TEXT,
  transformTags: {
    // Every link gets rel="noopener", whatever was sent.
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener' } }),
    img: (tagName, attribs) => {
      const { srcset, ...rest } = attribs;
      return { tagName, attribs: srcset && ownSrcset(srcset) ? { ...rest, srcset } : rest };
    },
    // Pasted text may carry <b>/<i>/<h1>: keep the meaning in the tags the site styles.
    b: 'strong',
    i: 'em',
    h1: 'h2',
    h4: 'h3',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isMediaUrl(frame.attribs.src ?? ''),
};

/** Sanitised rich text (HTML) of one content field; an empty string when nothing is left. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(String(html ?? ''), OPTIONS).trim();
}

/** The longest one-line field (a title, a phone number, an address line) once made plain. */
export const PLAIN_TEXT_MAX = 500;

/**
 * A one-line field: no markup at all (tags dropped, entities decoded to their characters, which React then shows
 * as text), whitespace collapsed, bounded length.
 */
export function plainText(s: string, maxLength: number = PLAIN_TEXT_MAX): string {
  const text = sanitizeHtml(String(s ?? ''), { allowedTags: [], allowedAttributes: {}, nonTextTags: NON_TEXT });
  const decoded = text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return decoded.replace(/\s+/g, ' ').trim().slice(0, maxLength);
}
