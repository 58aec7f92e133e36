import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';
import type { DonationOptionsDto } from './api-types';

/**
 * GET /api/donation-options: the funds a donor may choose and the card and bank fees "cover the fees" makes up.
 * Read by the donate form and My Giving's amount dialog, so it lives here rather than in one of them.
 */
export function getDonationOptions(): Promise<DonationOptionsDto> {
  return apiGet<DonationOptionsDto>('/api/donation-options');
}

export function useDonationOptions() {
  return useQuery(queryOptions({ queryKey: queryKeys.donationOptions, queryFn: getDonationOptions }));
}
