import { useMutation } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import type { LinkRequestedDto, RequestLinkDto } from '../../../lib/api-types';

/** POST /api/my-giving/link {email}: the same answer whether or not the address has gifts. */
export async function requestLink(email: string): Promise<LinkRequestedDto> {
  return apiSend<LinkRequestedDto, RequestLinkDto>('POST', '/api/my-giving/link', { email });
}

export function useRequestLink() {
  return useMutation({ mutationFn: requestLink });
}
