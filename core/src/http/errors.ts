import { ApiProperty } from '@nestjs/swagger';

/**
 * An error meant for the person or program that made the request: its HTTP status and a message saying what
 * to do. Services and rules throw it; only errorAnswer (the API's exception filter and the webhook lane) turns
 * it into an answer, `{statusCode, message, error}` with Retry-After when `retryAfterSeconds` is set.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export const badRequest = (message: string) => new DomainError(400, message);
export const unauthorized = (message: string) => new DomainError(401, message);
export const forbidden = (message: string) => new DomainError(403, message);
export const notFound = (message: string) => new DomainError(404, message);

/** Every error answer of the API, as the OpenAPI document describes it. */
export class ErrorDto {
  @ApiProperty() statusCode: number;
  @ApiProperty() error: string;
  @ApiProperty() message: string;
}
