import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:isPublic';

/**
 * Lets a route under /api/admin/ or /api/stripe/ answer without a session (login, password reset, the
 * signature-checked Stripe webhook). Everything else under those prefixes needs a session by path alone.
 */
export const Public = () => SetMetadata(IS_PUBLIC, true);
