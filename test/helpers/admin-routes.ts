import type { Stack } from './stack.js';

/**
 * The admin routes as the running app has them, found by scanning its router: the one source of the route scan
 * (test/integration/auth-guard.test.ts) and of every suite that calls each admin route (the editor's 403s in
 * test/e2e/website-staff-journey.test.ts), so a route added to the app is in all of them at once.
 */

/** The only routes under /api/admin and /api/stripe that answer without a session. */
export const PUBLIC_ROUTES = new Set([
  'POST /api/admin/login',
  'POST /api/admin/password-reset/request',
  'POST /api/admin/password-reset/confirm',
  'POST /api/admin/login/two-factor',
  'POST /api/admin/login/two-factor/setup',
  'POST /api/admin/login/two-factor/enrol',
  'POST /api/admin/invite/accept',
  'POST /api/stripe/webhook',
]);

export interface ScannedRoute {
  method: string;
  path: string;
}

/** Every route the Express router of the running app knows (Nest registers each handler as one route layer). */
export function scanRoutes(stack: Stack): ScannedRoute[] {
  const app = stack.api.getHttpAdapter().getInstance() as {
    router: { stack: Array<{ route?: { path: string | string[]; methods: Record<string, boolean> } }> };
  };
  const out: ScannedRoute[] = [];
  for (const layer of app.router.stack) {
    if (!layer.route) continue;
    for (const path of ([] as string[]).concat(layer.route.path)) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.push({ method: method.toUpperCase(), path });
      }
    }
  }
  return out;
}

/** The scanned routes under /api/admin and /api/stripe that need a session. */
export function protectedRoutes(stack: Stack): ScannedRoute[] {
  return scanRoutes(stack).filter(
    (r) => /^\/api\/(admin|stripe)(\/|$)/i.test(r.path) && !PUBLIC_ROUTES.has(`${r.method} ${r.path}`),
  );
}

/** A concrete URL for a route pattern: parameters get plausible values (Express 5 / path-to-regexp 8 syntax). */
export function concrete(path: string): string {
  return path
    .replace(/\{([^}]*)\}/g, '$1')
    .replace(/:(\w+)/g, (_, name: string) =>
      /year/i.test(name) ? '2024' : /customer/i.test(name) ? 'cus_Test123' : '00000000-0000-4000-8000-000000000000',
    )
    .replace(/\*(\w+)/g, 'x');
}
