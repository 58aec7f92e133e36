import { QueryClient } from '@tanstack/react-query';

/** SPEC section 7: no retries, no refetch on focus, data never goes stale, no polling. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, refetchInterval: false },
    mutations: { retry: false },
  },
});
