import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Shared by the public-site browser tests (test/e2e/public-*.test.ts). */

export const PUBLIC_ROUTES = ['/', '/about', '/programs', '/gallery', '/contact', '/donate', '/no-such-page'] as const;
export const WIDTHS = [360, 768, 1280] as const;

export function routeName(route: string): string {
  return route === '/' ? 'home' : route.slice(1);
}

const AXE_SOURCE = readFileSync(path.resolve('node_modules/axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's strict CSP (no inline scripts) stays as it is.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
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
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
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
  const files = (keys: Set<string>) => new Set([...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
  const keys = Object.keys(manifest);
  // A visited public page loads its route chunk and that chunk's static imports (and the entry's).
  const publicFiles = files(closure(keys.filter((k) => k === 'index.html' || k.startsWith('src/app/routes/')), false));
  const adminFiles = files(closure(keys.filter((k) => k.startsWith('src/features/admin/')), true));
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
