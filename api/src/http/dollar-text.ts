import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { parseDollars } from '../../../core/src/gifts/money.js';

/**
 * A field of dollars as typed, checked by the one dollars grammar the browser's forms use (core/src/gifts/money.ts),
 * so the server refuses exactly the text the form refuses. A JSON number (a client's 12.5) is kept as its text.
 */
export function IsDollarText(message: string): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => (typeof value === 'number' ? String(value) : value)),
    ValidateBy({
      name: 'dollarText',
      validator: { validate: (v: unknown) => parseDollars(v) !== null, defaultMessage: () => message },
    }),
  );
}
