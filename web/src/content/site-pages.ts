import {
  defaultSitePages,
  SITE_PAGE_KEYS,
  withDefaults,
  type SitePageKey,
  type SitePagesContent,
} from '../../../core/src/site/site-pages';
import { sitePageMeta, type MetaPageKey, type PageMeta } from '../../../core/src/site/page-meta';

/** sessionStorage key of a page's draft shown by the Website section's preview (a frame in the admin's own tab). */
export const PREVIEW_STORAGE_KEY = 'site-preview';

function readBlock(): Partial<Record<string, Record<string, string>>> | null {
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('site-pages');
  if (!el?.textContent) return null;
  try {
    return (JSON.parse(el.textContent) as { pages?: Partial<Record<string, Record<string, string>>> }).pages ?? null;
  } catch {
    return null;
  }
}

/**
 * In the preview frame only (`?site-preview` and framed by our own page): the draft the editor just saved, as the
 * server sanitised it, for that one page. Anyone can only ever change what their own browser shows this way.
 */
function readPreview(): { page: SitePageKey; content: Record<string, string> } | null {
  if (typeof window === 'undefined' || window.self === window.top) return null;
  if (!new URLSearchParams(window.location.search).has('site-preview')) return null;
  try {
    const raw = window.sessionStorage.getItem(PREVIEW_STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as { page: SitePageKey; content: Record<string, string> }) : null;
    return parsed && (SITE_PAGE_KEYS as readonly string[]).includes(parsed.page) ? parsed : null;
  } catch {
    return null;
  }
}

function load(): SitePagesContent {
  const block = readBlock();
  if (!block) return defaultSitePages();
  const pages = Object.fromEntries(SITE_PAGE_KEYS.map((k) => [k, withDefaults(k, block[k])])) as SitePagesContent;
  const preview = readPreview();
  if (preview) pages[preview.page] = withDefaults(preview.page, preview.content);
  return pages;
}

/**
 * The site's published pages as the server put them into index.html (api/src/web-app: read before the first
 * render, no request), else the defaults (the SPEC texts). Read once per page load: a publish shows on the next.
 */
export const sitePages: SitePagesContent = load();

/** An editable page's published title and description (Website > Pages: "Page title", "Page description"). */
export function publishedPageMeta(page: MetaPageKey): PageMeta {
  return sitePageMeta(sitePages, page);
}
