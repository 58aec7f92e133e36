import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { collectConsoleErrors, launchBrowser } from './browser.js';
import { startStack, type Stack, type StackOptions } from './stack.js';

/** Shared by the public-site browser tests (test/e2e/public-*.test.ts). */

export const PUBLIC_ROUTES = ['/', '/about', '/programs', '/gallery', '/contact', '/donate', '/no-such-page'] as const;
export const WIDTHS = [360, 768, 1280] as const;

export interface PublicEnv {
  stack: Stack;
  browser: Browser;
  stop(): Promise<void>;
}

/** A stack serving the built web app, and Chromium to visit it. */
export async function startPublicEnv(opts: StackOptions): Promise<PublicEnv> {
  const stack = await startStack(opts);
  const browser = await launchBrowser();
  return {
    stack,
    browser,
    stop: async () => {
      await browser.close().catch(() => undefined);
      await stack.stop();
    },
  };
}

/** A public page in a new tab of that width, once its first heading is there; console errors are collected. */
export async function openPublicPage(
  browser: Browser,
  url: string,
  width = 1280,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = collectConsoleErrors(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  return { page, errors };
}

export function routeName(route: string): string {
  return route === '/' ? 'home' : route.slice(1);
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * The files only the admin area uses, from Vite's build manifest: everything reachable from the admin route
 * modules minus everything reachable from the public entry and public routes.
 */
export function adminOnlyFiles(distDir = path.resolve('web/dist')): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const closure = (roots: string[], followDynamic: boolean) => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const key = stack.pop()!;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []), ...(followDynamic ? (manifest[key].dynamicImports ?? []) : []));
    }
    return seen;
  };
  const files = (keys: Set<string>) =>
    new Set([...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
  const keys = Object.keys(manifest);
  // A visited public page loads its route chunk and that chunk's static imports (and the entry's).
  const isAdmin = (k: string) => k.startsWith('src/app/routes/admin/');
  const publicFiles = files(
    closure(
      keys.filter((k) => k === 'index.html' || (k.startsWith('src/app/routes/') && !isAdmin(k))),
      false,
    ),
  );
  const adminFiles = files(closure(keys.filter(isAdmin), true));
  return new Set([...adminFiles].filter((f) => !publicFiles.has(f)));
}

/** Records every script and stylesheet URL the page requests (to check what a public page downloads). */
export function recordAssetRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (['script', 'stylesheet'].includes(req.resourceType())) urls.push(req.url());
  });
  return urls;
}
