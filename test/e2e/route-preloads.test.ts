import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routePreloads } from '../../api/src/web-app/route-preloads.js';

/**
 * The API names each lazily loaded route module of the web app (api/src/web-app/route-preloads.ts) to send
 * its chunk as a modulepreload with the page. Those names are web file paths: when a route file moves, the
 * preload would silently vanish. Checked against the real build manifest (`npm run build:web` first).
 */
const DIST = path.resolve('web/dist');
const ROUTES: Record<string, string> = {
  '/about': 'src/app/routes/about.tsx',
  '/programs': 'src/app/routes/programs.tsx',
  '/gallery': 'src/app/routes/gallery.tsx',
  '/donate': 'src/app/routes/donate.tsx',
  '/contact': 'src/app/routes/contact.tsx',
  '/my-giving': 'src/app/routes/my-giving.tsx',
  '/stripe-data': 'src/app/routes/admin/dashboard.tsx',
  '/stripe-data/customer/cus_123': 'src/app/routes/admin/donor-profile.tsx',
  '/reset-password': 'src/app/routes/admin/reset-password.tsx',
};

describe('route preloads', () => {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const preloads = routePreloads(DIST);

  it.each(Object.entries(ROUTES))('%s preloads the chunk of %s', (route, module) => {
    expect(manifest[module]).toBeDefined();
    expect(preloads(route)).toContain(`href="/${manifest[module].file}"`);
  });

  it('preloads nothing for the home page (its code is the entry bundle)', () => {
    expect(preloads('/')).toBe('');
  });
});
