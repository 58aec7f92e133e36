import { applyDecorators } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorDto } from '../../../core/src/http/errors.js';
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
  const decorators = [ApiTags(tag), ApiBearerAuth(), ApiUnauthorizedResponse({ type: ErrorDto })];
  if (options.roles === 'owner') decorators.push(OwnerOnly());
  else if (options.roles === 'website') decorators.push(WebsiteRoles());
  else if (options.roles !== 'each-route') decorators.push(AnyRole());
  if (options.badRequest) {
    const description = typeof options.badRequest === 'string' ? { description: options.badRequest } : {};
    decorators.push(ApiBadRequestResponse({ type: ErrorDto, ...description }));
  }
  return applyDecorators(...decorators);
}
