import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const paymentIntentsQueryKey = ['/api/stripe/payment-intents'] as const;

export async function getPaymentIntents(): Promise<unknown> {
  try {
    return await apiGet<unknown>('/api/stripe/payment-intents');
  } catch (cause) {
    throw new Error('Failed to fetch payment intents', { cause });
  }
}

/** SPEC section 7: the dashboard fetches payment intents; their data is not shown anywhere. */
export function usePaymentIntents(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: paymentIntentsQueryKey, queryFn: getPaymentIntents, enabled }));
}
