import { Matches } from 'class-validator';

/** A calendar day as the wire carries it: yyyy-MM-dd (the school's day; which days exist is the service's check). */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day field (yyyy-MM-dd), refused with `message` otherwise. */
export function IsDay(message: string): PropertyDecorator {
  return Matches(DAY_PATTERN, { message });
}
