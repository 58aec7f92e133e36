import { SetMetadata } from '@nestjs/common';

export const ADMIN_ROLES = ['owner', 'bookkeeper'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLES_KEY = 'auth:roles';

/**
 * Which roles may call an admin route (on the handler or its controller; the handler's wins). A protected route
 * without a decision is owner-only: a route added without thinking about roles stays closed to bookkeepers, and
 * the route scan test (test/integration/auth-guard.test.ts), which lists every admin route with its roles, fails.
 */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES_KEY, roles);

/** Both roles: reading, the admin's own account, manual gifts, exports and statements. */
export const AnyRole = () => Roles(...ADMIN_ROLES);

/** Owners only: admins, settings, deleting and erasing donors. */
export const OwnerOnly = () => Roles('owner');

export const DEFAULT_ROLES: readonly AdminRole[] = ['owner'];
