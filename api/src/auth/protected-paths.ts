/**
 * The path rule of the admin guard: everything under /api/admin and /api/stripe needs a session unless its
 * handler is marked @Public(). Case-insensitive because Express routing is; checked against both the
 * request path and the matched route's pattern so neither spelling can slip past.
 */
const PROTECTED = /^\/+api\/+(admin|stripe)(\/|$)/i;

export function isProtectedPath(...paths: Array<string | undefined>): boolean {
  return paths.some((p) => typeof p === 'string' && PROTECTED.test(p));
}
