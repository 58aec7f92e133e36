import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { DonationOptionsDto } from '../../../lib/api-types';

/** GET /api/donation-options: the funds a donor may choose and the card and bank fees "cover the fees" makes up. */
export function getDonationOptions(): Promise<DonationOptionsDto> {
  return apiGet<DonationOptionsDto>('/api/donation-options');
}

export function useDonationOptions() {
  return useQuery(queryOptions({ queryKey: queryKeys.donationOptions, queryFn: getDonationOptions }));
}
