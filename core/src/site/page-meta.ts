/**
 * Each public page's title and description (the <title>, the meta description and the og:title/og:description of
 * link previews): one rule for the server, which writes them into the HTML of a direct visit (search engines and
 * link previews run no script; api/src/web-app), and the web app, which sets them on client-side navigation
 * (web/src/lib/page-meta.ts). The editable pages carry them as the fields `meta.title` and `meta.description`
 * (core/src/site/site-pages.ts); a news post's come from the post, an appeal's from the appeal.
 *
 * This module imports nothing with Node: the web app runs it too.
 */
export interface PageMeta {
  /** The whole document title, the school's name included. */
  title: string;
  description: string;
}

/** Longer titles and descriptions are cut in search results; staff get a clear message above these. */
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 160;

/** The pages whose title and description staff edit (Website > Pages), with the path visitors see each at. */
export const META_PAGES = {
  home: '/',
  about: '/about',
  programs: '/programs',
  contact: '/contact',
  gallery: '/gallery',
  donate: '/donate',
  news: '/news',
  events: '/events',
} as const;
export type MetaPageKey = keyof typeof META_PAGES;
/** The published pages' fields (SitePagesContent of site-pages.ts, which imports this module's limits). */
type PublishedPages = Record<MetaPageKey | 'school', Record<string, string>>;

/** "{page title} | {school}", and on Home "{school} | {page title}" (SPEC: 'Donate | {brand}'). */
export function documentTitle(pageTitle: string, schoolName: string, home = false): string {
  return home ? `${schoolName} | ${pageTitle}` : `${pageTitle} | ${schoolName}`;
}

/** The editable page shown at this path (trailing slashes ignored), if any. */
export function metaPageAt(pathname: string): MetaPageKey | undefined {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (Object.keys(META_PAGES) as MetaPageKey[]).find((k) => META_PAGES[k] === p);
}

/** An editable page's published title and description. */
export function sitePageMeta(pages: PublishedPages, page: MetaPageKey): PageMeta {
  const content = pages[page];
  return {
    title: documentTitle(content['meta.title'], pages.school.name, page === 'home'),
    description: content['meta.description'],
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * The words of HTML the server has already sanitised (core/src/site/rich-text.ts wrote it), for a description:
 * tags dropped, the few entities the sanitiser writes decoded, whitespace collapsed. It never makes HTML safe (the
 * result is always escaped again where it is written); it only reads text in the browser, where the sanitiser
 * does not run.
 */
export function textOfSafeHtml(html: string): string {
  return html
    .replace(/<\/(p|h2|h3|li)>|<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, e: string) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first sentence of a text (to its first . ! or ? followed by a space), cut at a word to fit a description. */
export function firstSentence(text: string, max = META_DESCRIPTION_MAX): string {
  const end = /[.!?](?=\s)/.exec(text);
  const sentence = end ? text.slice(0, end.index + 1) : text;
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

/** A news post's page: its title, and the first sentence of its body as plain text (the title when it has none). */
export function newsPostMeta(post: { title: string; bodyHtml: string }, schoolName: string): PageMeta {
  return {
    title: documentTitle(post.title, schoolName),
    description: firstSentence(textOfSafeHtml(post.bodyHtml)) || post.title,
  };
}

/** An appeal's page: its name, and the first sentence of its story ("Support {name}." when it has none). */
export function appealMeta(appeal: { name: string; storyHtml: string }, schoolName: string): PageMeta {
  return {
    title: documentTitle(appeal.name, schoolName),
    description: firstSentence(textOfSafeHtml(appeal.storyHtml)) || `Support ${appeal.name}.`,
  };
}
