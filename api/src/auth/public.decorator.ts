import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:isPublic';

/**
 * Lets a route under /api/admin/ or /api/stripe/ answer without a session (login, password reset). Everything
 * else under those prefixes needs a session by path alone. (The Stripe webhook is checked by its signature in
 * its own lane ahead of Express, so no guard ever sees it.)
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
