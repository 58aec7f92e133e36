import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import { AnyRole, OwnerOnly, WebsiteRoles } from './roles.decorator.js';

export interface AdminApiOptions {
  /**
   * Who may call the controller's routes: owners and bookkeepers (the default), owners only, owners and editors
   * (`website`: the public site's content), or decided on each route.
   */
  roles?: 'any' | 'owner' | 'website' | 'each-route';
  /** The controller's inputs are validated: its routes answer 400 (with this description when a string). */
  badRequest?: boolean | string;
}

/**
 * What every admin controller says of itself, in one place: its OpenAPI group, the bearer session, the 401 answer,
 * who may call it, and the 400 answer where it validates input. A route scan (test/integration/auth-guard.test.ts)
 * still lists every admin route with its roles.
 */
export function AdminApi(tag: string, options: AdminApiOptions = {}) {
  const decorators = [ApiTags(tag), ApiBearerAuth(), ApiError(401)];
  if (options.roles === 'owner') decorators.push(OwnerOnly());
  else if (options.roles === 'website') decorators.push(WebsiteRoles());
  else if (options.roles !== 'each-route') decorators.push(AnyRole());
  if (options.badRequest) {
    decorators.push(ApiError(400, typeof options.badRequest === 'string' ? options.badRequest : undefined));
  }
  return applyDecorators(...decorators);
}
