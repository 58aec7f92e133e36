import { applyDecorators } from '@nestjs/common';
import { IsString, Matches, MaxLength } from 'class-validator';
import { APPEAL_SLUG, APPEAL_SLUG_MAX } from '../../../../core/src/appeals/appeal-rules.js';

/** An appeal's slug (its address /appeal/<slug>), wherever one is sent: refused with `message` otherwise. */
export function IsAppealSlug(message: string): PropertyDecorator {
  return applyDecorators(
    IsString({ message }),
    MaxLength(APPEAL_SLUG_MAX, { message }),
    Matches(APPEAL_SLUG, { message }),
  );
}
