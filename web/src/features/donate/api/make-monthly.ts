import { apiSend } from '../../../lib/api-client';
import type { MakeMonthlyDto, MonthlyPlanStartedDto } from '../../../lib/api-types';

/** POST /api/donation/make-monthly: the one-time gift just made, monthly from next month on the same card. */
export async function makeMonthly(input: MakeMonthlyDto): Promise<MonthlyPlanStartedDto> {
  return apiSend<MonthlyPlanStartedDto, MakeMonthlyDto>('POST', '/api/donation/make-monthly', input);
}
