import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { UpdateDonorDto, UpdatedDto } from '../../../lib/api-types';
import { queryKeys } from '../../../lib/query-keys';

/** How long after a save the donor is read again: the change reaches the read model through Stripe's webhook. */
const WEBHOOK_SETTLE_MS = 1500;

export async function updateDonor({ id, details }: { id: string; details: UpdateDonorDto }): Promise<UpdatedDto> {
  return apiSend<UpdatedDto, UpdateDonorDto>('PATCH', `/api/stripe/customer/${encodeURIComponent(id)}`, details);
}

/**
 * Stripe has the new details when this succeeds; the profile and the donor list show them once the
 * customer.updated webhook is projected, so they are read again now and once more a moment later.
 */
export function useUpdateDonor() {
  const queryClient = useQueryClient();
  const refresh = (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.donor(id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.donorList }),
    ]);
  return useMutation({
    mutationFn: updateDonor,
    onSuccess: async (_answer, { id }) => {
      await refresh(id);
      setTimeout(() => void refresh(id), WEBHOOK_SETTLE_MS);
    },
  });
}
