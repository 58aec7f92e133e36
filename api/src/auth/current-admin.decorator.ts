import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { PublicAdmin } from './admin.repository.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by AdminSessionGuard on authenticated requests. */
    admin?: PublicAdmin;
    adminSessionId?: string;
  }
}

export type CurrentAdminInfo = PublicAdmin;

/** The signed-in admin `{id, email, name}` of a protected route (also on `req.admin`). */
export const CurrentAdmin = createParamDecorator((_data: unknown, ctx: ExecutionContext): PublicAdmin | undefined => {
  return ctx.switchToHttp().getRequest<Request>().admin;
});
