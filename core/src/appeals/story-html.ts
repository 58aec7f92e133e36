import { sanitizeRichText } from '../site/rich-text.js';

/**
 * An appeal's story is edited like the site's pages, so it is cleaned by the site's one rule (sanitizeRichText:
 * paragraphs, two heading levels, bold, italics, lists, links, our own photos; scripts, styles, event handlers and
 * javascript: links dropped) before it is stored and again before it is served.
 */
export const sanitizeAppealStory = sanitizeRichText;
