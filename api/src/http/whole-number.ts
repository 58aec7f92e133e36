import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min } from 'class-validator';

/** A whole number from `min` to `max` (a page, a page size, a limit), refused with `message` otherwise. */
export function IsWholeNumberIn(min: number, max: number, message: string): PropertyDecorator {
  return applyDecorators(IsInt({ message }), Min(min, { message }), Max(max, { message }));
}
