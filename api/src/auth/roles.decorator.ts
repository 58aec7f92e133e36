import { SetMetadata } from '@nestjs/common';

export const ADMIN_ROLES = ['owner', 'bookkeeper', 'editor'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ROLES_KEY = 'auth:roles';

/**
 * Which roles may call an admin route (on the handler or its controller; the handler's wins). A protected route
 * without a decision is owner-only: a route added without thinking about roles stays closed to bookkeepers and
 * editors, and the route scan test (test/integration/auth-guard.test.ts), which lists every admin route with its
 * roles, fails.
 */
export const Roles = (...roles: AdminRole[]) => SetMetadata(ROLES_KEY, roles);

/**
 * Owners and bookkeepers: reading the money, manual gifts, exports and statements. Never editors, who see no
 * donor, gift or money data (every financial route answers them 403).
 */
export const AnyRole = () => Roles('owner', 'bookkeeper');

/** Every role, editors included: only the admin's own account (who am I, sign-out, password, two-factor). */
export const OwnAccount = () => Roles(...ADMIN_ROLES);

/** The roles of the public website's content (pages, news, events, the photo library). */
export const WEBSITE_ROLES: readonly AdminRole[] = ['owner', 'editor'];

/** Owners and editors: the public website's content (pages, news, events, photos). */
export const WebsiteRoles = () => Roles(...WEBSITE_ROLES);

/** Owners only: admins, settings, deleting and erasing donors. */
export const OwnerOnly = () => Roles('owner');

export const DEFAULT_ROLES: readonly AdminRole[] = ['owner'];
