import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/** An appeal's page, /give/<slug> (the slug rule: core/src/appeals, lower-case letters, digits, single hyphens). */
export function isAppealPath(p: string): boolean {
  return /^\/give\/[a-z0-9](-?[a-z0-9])*$/.test(p) && p.length <= '/give/'.length + 40;
}

/** Which lazily loaded route module each URL shows (mirrors web/src/app/router.tsx). */
const ROUTE_MODULES: Array<{ match: (p: string) => boolean; module: string }> = [
  { match: (p) => p === '/about', module: 'src/app/routes/about.tsx' },
  { match: (p) => p === '/programs', module: 'src/app/routes/programs.tsx' },
  { match: (p) => p === '/gallery', module: 'src/app/routes/gallery.tsx' },
  { match: (p) => p === '/donate', module: 'src/app/routes/donate.tsx' },
  { match: (p) => isAppealPath(p), module: 'src/app/routes/give.tsx' },
  { match: (p) => p === '/contact', module: 'src/app/routes/contact.tsx' },
  { match: (p) => p === '/news', module: 'src/app/routes/news.tsx' },
  { match: (p) => /^\/news\/[a-z0-9]+(-[a-z0-9]+)*$/.test(p), module: 'src/app/routes/news-post.tsx' },
  { match: (p) => p === '/events', module: 'src/app/routes/events.tsx' },
  { match: (p) => p === '/my-giving', module: 'src/app/routes/my-giving.tsx' },
  { match: (p) => p === '/stripe-data', module: 'src/app/routes/admin/dashboard.tsx' },
  { match: (p) => p.startsWith('/stripe-data/customer/'), module: 'src/app/routes/admin/donor-profile.tsx' },
  { match: (p) => p === '/stripe-data/audit', module: 'src/app/routes/admin/audit.tsx' },
  { match: (p) => p === '/stripe-data/payouts', module: 'src/app/routes/admin/payouts.tsx' },
  { match: (p) => p === '/stripe-data/month-end', module: 'src/app/routes/admin/month-end.tsx' },
  { match: (p) => p === '/stripe-data/appeal-reports', module: 'src/app/routes/admin/appeal-reports.tsx' },
  { match: (p) => p === '/stripe-data/recurring', module: 'src/app/routes/admin/recurring.tsx' },
  { match: (p) => p === '/stripe-data/admins', module: 'src/app/routes/admin/admins.tsx' },
  { match: (p) => p === '/stripe-data/settings', module: 'src/app/routes/admin/settings.tsx' },
  { match: (p) => p === '/stripe-data/account', module: 'src/app/routes/admin/account.tsx' },
  { match: (p) => p === '/stripe-data/appeals', module: 'src/app/routes/admin/appeals.tsx' },
  { match: (p) => p === '/stripe-data/operations', module: 'src/app/routes/admin/operations.tsx' },
  { match: (p) => p === '/stripe-data/import', module: 'src/app/routes/admin/donor-import.tsx' },
  { match: (p) => p === '/admin/website', module: 'src/app/routes/admin/website.tsx' },
  { match: (p) => p === '/admin/website/news', module: 'src/app/routes/admin/website-news.tsx' },
  { match: (p) => p === '/admin/website/events', module: 'src/app/routes/admin/website-events.tsx' },
  { match: (p) => p === '/admin/website/photos', module: 'src/app/routes/admin/website-photos.tsx' },
  { match: (p) => p === '/reset-password', module: 'src/app/routes/admin/reset-password.tsx' },
  { match: (p) => p === '/admin-invite', module: 'src/app/routes/admin/admin-invite.tsx' },
];

/** Whether the web app has a page at this path (every other path shows its not-found page, served with 404). */
export function isAppRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return p === '/' || ROUTE_MODULES.some((r) => r.match(p));
}

/**
 * <link rel="modulepreload"> tags for the route chunk a URL needs, read from Vite's build manifest: the browser
 * fetches the page's own chunk in parallel with the app bundle instead of after it has run (one round trip
 * less before the first paint of every lazily loaded page). Without a manifest it adds nothing.
 */
export function routePreloads(distDir: string): (pathname: string) => string {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const cache = new Map<string, string>();
  const tagsFor = (key: string): string => {
    const cached = cache.get(key);
    if (cached !== undefined) return cached;
    const files: string[] = [];
    const seen = new Set<string>();
    const visit = (k: string) => {
      const chunk = manifest[k];
      if (!chunk || seen.has(k) || chunk.isEntry) return;
      seen.add(k);
      files.push(chunk.file);
      for (const imp of chunk.imports ?? []) visit(imp);
    };
    visit(key);
    const tags = files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('\n    ');
    cache.set(key, tags);
    return tags;
  };
  return (pathname) => {
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const route = ROUTE_MODULES.find((r) => r.match(p));
    return route ? tagsFor(route.module) : '';
  };
}
