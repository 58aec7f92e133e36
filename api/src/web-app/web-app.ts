import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { EnvDto } from '../../../core/src/config/env.dto.js';
import { isAppealPath, isAppRoute, routePreloads } from './route-preloads.js';
import { SitePagesService } from '../website/site-pages.service.js';
import type { PublicSitePagesDto } from '../website/site-pages.dto.js';
import { siteVersion } from '../../../core/src/site/site-version.js';
import { DataSource } from 'typeorm';
import { appeals } from '../../../core/src/appeals/appeals.repository.js';
import { appealMeta, metaPageAt, newsPostMeta, sitePageMeta, type PageMeta } from '../../../core/src/site/page-meta.js';
import type { SitePagesContent } from '../../../core/src/site/site-pages.js';
import { NewsService } from '../site-news/news.service.js';
import {
  DEFAULT_SCHOOL_IDENTITY,
  schoolIdentity,
  type SchoolIdentity,
} from '../../../core/src/site/published-school-facts.js';

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Renders the built index.html with this deployment's settings as <meta> tags (no inline script, so the CSP
 * stays strict): the Stripe publishable key, the school's time zone (web/src/lib/school-dates.ts), the map embed URL and, in demo mode, where the stand-in Stripe.js
 * lives (web/src/lib/stripe.ts loads it on the donate page only).
 */
export function renderIndexHtml(template: string, env: EnvDto): string {
  const tags = [
    `<meta name="app:stripe-publishable-key" content="${escapeAttr(env.STRIPE_PUBLISHABLE_KEY)}">`,
    `<meta name="app:time-zone" content="${escapeAttr(env.TIME_ZONE)}">`,
    env.MAP_EMBED_URL ? `<meta name="app:map-embed-url" content="${escapeAttr(env.MAP_EMBED_URL)}">` : '',
    env.STRIPE_JS_URL ? `<meta name="app:stripe-js-url" content="${escapeAttr(env.STRIPE_JS_URL)}">` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  return template.includes('<!--app-config-->')
    ? template.replace('<!--app-config-->', tags)
    : template.replace('<head>', `<head>\n    ${tags}`);
}

/**
 * The public payment pages (the donate page and each appeal's): the only pages whose HTML carries the payment provider's script. Every other page
 * (the admin pages, which hold the session token, above all) runs none of a third party's code.
 */
const PAYMENT_PAGES = new Set(['/donate']);
const isPaymentPage = (p: string) => PAYMENT_PAGES.has(p) || isAppealPath(p);

/**
 * On a payment page in demo mode, the stand-in Stripe.js as a deferred classic script ahead of the app bundle
 * (deferred and module scripts run in document order), so it is fetched in parallel rather than after the
 * route's code has run. With Stripe's own Stripe.js, loadStripe injects it from the donate route's code.
 */
function paymentScriptTag(pathname: string, env: EnvDto): string {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return env.STRIPE_JS_URL && isPaymentPage(p) ? `<script defer src="${escapeAttr(env.STRIPE_JS_URL)}"></script>` : '';
}

/**
 * A page's <title>, meta description and link-preview tags (og:title, og:description), escaped: whatever an editor
 * typed is text here, never markup. The web app updates the same four tags on client-side navigation
 * (web/src/lib/page-meta.ts).
 */
export function pageMetaTags(meta: PageMeta): string {
  const title = escapeAttr(meta.title);
  const description = escapeAttr(meta.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
  ].join('\n    ');
}

/** index.html with its built-in title and description replaced by a marker where each page's own go. */
function withMetaMarker(template: string): string {
  return template
    .replace(/<title>[^<]*<\/title>/, '<!--page-meta-->')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/\s*<meta property="og:(title|description)"[^>]*>/g, '');
}

/**
 * index.html as built says the fresh install's name and phone (the no-JavaScript line and the static header that
 * paints before the app starts); the served page says the published ones instead. The title and description are
 * each page's own (pageMetaTags).
 */
export function withPublishedFacts(html: string, school: SchoolIdentity): string {
  return html
    .replaceAll(DEFAULT_SCHOOL_IDENTITY.name, () => escapeAttr(school.name))
    .replaceAll(DEFAULT_SCHOOL_IDENTITY.phone, () => escapeAttr(school.phone));
}

const NEWS_POST_PATH = /^\/news\/([a-z0-9]+(?:-[a-z0-9]+)*)\/*$/;
const APPEAL_PATH = /^\/give\/([a-z0-9-]+)\/*$/;

const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/**
 * Hashed assets in the best encoding the browser accepts, from the .br / .gz files the build wrote next to
 * them (web/vite.config.ts); anything else falls through to express.static.
 */
function precompressed(assetsDir: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = path.join(assetsDir, path.normalize(decodeURIComponent(req.path)).replace(/^([/\\]|\.\.)+/, ''));
    if (!file.startsWith(assetsDir + path.sep)) return next();
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = ENCODINGS.find((e) => accepted.includes(e.name) && existsSync(file + e.ext));
    if (!encoding) return next();
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Encoding', encoding.name);
    res.type(path.extname(file));
    res.sendFile(file + encoding.ext, { immutable: true, maxAge: '1y' }, (err) => {
      if (err) next(err);
    });
  };
}

/**
 * The published pages as a JSON data block for index.html (web/src/content/site-pages.ts reads it before the first
 * render), so the first paint needs no request for them. A data block is never run as script (the CSP stays
 * strict); `<` is written as \u003c so no text inside can end the element, whatever an editor typed.
 */
export function sitePagesTag(pages: PublicSitePagesDto): string {
  const json = JSON.stringify(pages)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="site-pages">${json}</script>`;
}

const compressedPages = new Map<string, Buffer>();

/** The rendered index.html (one variant per route preload set) compressed once and kept. */
function compressedPage(page: string, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${page}`;
  let body = compressedPages.get(key);
  if (!body) {
    // Each news post and appeal page has its own title: keep the kept variants bounded.
    if (compressedPages.size >= 500) compressedPages.clear();
    body = encoding === 'br' ? brotliCompressSync(page) : gzipSync(page, { level: 9 });
    compressedPages.set(key, body);
  }
  return body;
}

/** Serves the built web app: hashed assets cached for a year, every other GET outside /api gets index.html. */
export function mountWebApp(app: NestExpressApplication, env: EnvDto): void {
  const dir = path.resolve(env.WEB_DIST_DIR);
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return;
  const html = withMetaMarker(renderIndexHtml(readFileSync(indexFile, 'utf8'), env));
  app.use('/assets', precompressed(path.join(dir, 'assets')));
  app.use(
    '/assets',
    express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  app.use(express.static(dir, { index: false, maxAge: '1h' }));
  const preloads = routePreloads(dir);
  const sitePages = app.get(SitePagesService);
  const news = app.get(NewsService);
  const ds = app.get(DataSource);
  // The rendered content block of the newest site version; one row read per page load tells whether it is still current.
  let content = {
    version: -1,
    tag: '',
    html,
    pages: null as SitePagesContent | null,
    posts: new Map<string, PageMeta>(),
  };
  const currentContent = async () => {
    const { version } = await siteVersion.read(ds);
    if (version !== content.version) {
      const published = await sitePages.publicPages();
      const school = schoolIdentity(published.pages.school, published.pages.contact);
      content = {
        version,
        tag: sitePagesTag(published),
        html: withPublishedFacts(html, school),
        pages: published.pages as SitePagesContent,
        posts: new Map(),
      };
      compressedPages.clear();
    }
    return content;
  };
  /**
   * The title and description a direct visit's HTML carries (search engines and link previews run no script): an
   * editable page's published ones, a published news post's or an appeal's own, else Home's.
   */
  const metaFor = async (pathname: string, current: typeof content): Promise<PageMeta> => {
    const pages = current.pages!;
    const page = metaPageAt(pathname);
    if (page) return sitePageMeta(pages, page);
    const post = NEWS_POST_PATH.exec(pathname)?.[1];
    if (post) {
      const cached = current.posts.get(post);
      if (cached) return cached;
      const found = await news.publishedPost(post).catch(() => null);
      if (found) {
        const meta = newsPostMeta(found, pages.school.name);
        if (current.posts.size < 1000) current.posts.set(post, meta);
        return meta;
      }
    }
    const appealSlug = isAppealPath(pathname.replace(/\/+$/, '')) ? APPEAL_PATH.exec(pathname)?.[1] : undefined;
    if (appealSlug) {
      const appeal = await appeals.bySlug(ds, appealSlug);
      if (appeal && appeal.status !== 'draft')
        return appealMeta({ name: appeal.name, storyHtml: appeal.story_html }, pages.school.name);
    }
    return sitePageMeta(pages, 'home');
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path === '/api' || req.path.startsWith('/api/'))
      return next();
    currentContent()
      .then(async (current) =>
        servePage(req, res, current.tag, current.html, pageMetaTags(await metaFor(req.path, current))),
      )
      .catch((err: unknown) => next(err));
  });
  const servePage = (req: Request, res: Response, tag: string, shell: string, metaTags: string) => {
    res.setHeader('Cache-Control', 'no-cache');
    // The app shows its not-found page there; crawlers and link checkers learn it from the status.
    if (!isAppRoute(req.path)) res.status(404);
    // The Website section previews a page in a frame of the admin's own tab (same origin only, never another site's).
    // Both headers say so: a browser that reads only X-Frame-Options must not be told DENY while the CSP says 'self'.
    if (req.query['site-preview'] !== undefined) {
      const csp = res.getHeader('Content-Security-Policy');
      if (typeof csp === 'string')
        res.setHeader('Content-Security-Policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    }
    const extra = [tag, paymentScriptTag(req.path, env), preloads(req.path)].filter(Boolean).join('\n    ');
    const withMeta = shell.replace('<!--page-meta-->', () => metaTags);
    // A function, not a string, as the replacement: "$&" or "$'" typed in a page's text stays text.
    const page = extra ? withMeta.replace('</head>', () => `  ${extra}\n  </head>`) : withMeta;
    res.type('html');
    res.setHeader('Vary', 'Accept-Encoding');
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
    if (!encoding) return void res.send(page);
    res.setHeader('Content-Encoding', encoding);
    res.send(compressedPage(page, encoding));
  };
}
