import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const CANCEL_WHEN = ['now', 'period_end'] as const;

export class CancelPlanDto {
  @ApiProperty({
    enum: CANCEL_WHEN,
    description:
      'now: the plan ends at once; period_end: it runs to the end of the period already paid, then ends with no further charge.',
  })
  @IsIn(CANCEL_WHEN, { message: `when must be one of ${CANCEL_WHEN.join(', ')}` })
  when: (typeof CANCEL_WHEN)[number];
}
