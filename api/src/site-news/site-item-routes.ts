import { applyDecorators, Delete, Patch, Post, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiError } from '../http/api-error.js';
import { SiteItemDeletedDto } from './site-news.dto.js';

/**
 * How the website's editable items (news posts, events) declare their write routes, in one place: the verb and
 * path, what the route does, what it answers, and the 404 for an unknown id. Each handler keeps its own typed
 * `@Body()`, so the global ValidationPipe and the OpenAPI document still see the item's own DTO.
 */
export const SiteItemRoute = {
  /** `POST /`: writes a new item; answers it. */
  create: (summary: string, item: Type<unknown>) =>
    applyDecorators(Post(), ApiOperation({ summary }), ApiOkResponse({ type: item })),
  /** `PATCH /:id`: changes an item; answers it. */
  update: (summary: string, item: Type<unknown>) =>
    applyDecorators(Patch(':id'), ApiOperation({ summary }), ApiOkResponse({ type: item }), ApiError(404)),
  /** `DELETE /:id`: deletes an item; answers `{ deleted: true }`. */
  remove: (summary: string) =>
    applyDecorators(
      Delete(':id'),
      ApiOperation({ summary }),
      ApiOkResponse({ type: SiteItemDeletedDto }),
      ApiError(404),
    ),
};
