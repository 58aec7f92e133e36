import sanitizeHtml from 'sanitize-html';

/**
 * The appeal story's HTML, cleaned before it is stored and again before it is served: paragraphs, two heading
 * levels, bold, italics, lists, line breaks and links (http, https and mailto only). Everything else, scripts,
 * styles, event attributes and javascript: links included, is dropped. The site editor's rich-text rule
 * (core/src/site/rich-text.ts, issue 29) has the same allow-list; at merge this function calls it.
 */
export function sanitizeAppealStory(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h2', 'h3', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'br'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  }).trim();
}

/** Cover photos: only the school's own uploaded media (a path under /media/), never another site's address. */
export const COVER_PHOTO_URL = /^\/media\/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/;

export function isOwnMediaUrl(url: string): boolean {
  return COVER_PHOTO_URL.test(url) && !url.includes('..') && !url.includes('//');
}
