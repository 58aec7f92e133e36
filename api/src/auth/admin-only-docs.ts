import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { errorAnswer } from '../../../core/src/http/error-answer.js';
import { bearerToken } from './admin-session.guard.js';
import type { SessionService } from './session.service.js';

/** The OpenAPI document and its UI: they list every route and table name, so production shows them to admins only. */
export const DOCS_PATHS = ['/api/docs', '/api/docs-json', '/api/docs-yaml'];

const UNAUTHORIZED = 'Invalid or expired session';

/**
 * Express middleware in front of SwaggerModule's routes (which Nest's guard never sees): a live admin session
 * (bearer token, as on /api/admin) or 401. Mounted on each path, so /api/docs/* (the UI's assets, its inlined
 * document among them) is covered too; Express matches mount paths case-insensitively, as it does routes.
 */
export function adminOnly(sessions: SessionService, logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    const token = bearerToken(req.get('authorization'));
    (token ? sessions.validate(token) : Promise.resolve(undefined)).then(
      (session) => {
        if (session) return next();
        res.setHeader('WWW-Authenticate', 'Bearer');
        res.status(401).json({ statusCode: 401, message: UNAUTHORIZED, error: UNAUTHORIZED });
      },
      (err: unknown) => {
        const answer = errorAnswer(err);
        if (answer.log) logger.error({ err, path: req.path }, answer.log);
        res.status(answer.status).json(answer.body);
      },
    );
  };
}
