import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { LinkRequestedDto } from '../../../lib/api-types';

/** POST /api/my-giving/link {email}: the same answer whether or not the address has gifts. */
export async function requestLink(email: string): Promise<LinkRequestedDto> {
  const res = await apiRequest('POST', '/api/my-giving/link', { email });
  return (await res.json()) as LinkRequestedDto;
}

export function useRequestLink() {
  return useMutation({ mutationFn: requestLink });
}
