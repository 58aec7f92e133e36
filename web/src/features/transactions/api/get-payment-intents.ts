import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { PaymentIntentListDto } from '../../../lib/api-types';

export async function getPaymentIntents(): Promise<PaymentIntentListDto> {
  try {
    return await apiGet<PaymentIntentListDto>('/api/stripe/payment-intents');
  } catch (cause) {
    throw new Error('Failed to fetch payment intents', { cause });
  }
}

/** SPEC section 7: the dashboard fetches payment intents; their data is not shown anywhere. */
export function usePaymentIntents(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: queryKeys.paymentIntents, queryFn: getPaymentIntents, enabled }));
}
