import { ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from '../../../core/src/http/errors.js';

/** The error statuses a route declares; each answers the one error body, ErrorDto. */
export type ErrorStatus = 400 | 401 | 404 | 409 | 413 | 415 | 502;

/**
 * One error answer of a route in the OpenAPI document: `@ApiError(404)`, or with what it means on this route,
 * `@ApiError(409, 'Already erased.')`. The same entry as @nestjs/swagger's ApiNotFoundResponse({ type: ErrorDto })
 * and its siblings, written once so that no controller lists the error body or the status names again.
 */
export function ApiError(status: ErrorStatus, description?: string): MethodDecorator & ClassDecorator {
  return ApiResponse({ status, type: ErrorDto, ...(description === undefined ? {} : { description }) });
}
