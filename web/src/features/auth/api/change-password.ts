import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { storeSessionToken } from '../lib/session-store';
import { queryKeys } from '../../../lib/query-keys';
import type { AdminDto, ChangePasswordDto, ChangePasswordResponseDto } from '../../../lib/api-types';

export async function changePassword(input: ChangePasswordDto): Promise<ChangePasswordResponseDto> {
  return apiSend<ChangePasswordResponseDto, ChangePasswordDto>('POST', '/api/admin/change-password', input);
}

/** The change ends every session; this browser continues with the new token the answer carries. */
export function useChangePassword(admin: AdminDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (data) => {
      queryClient.setQueryData([...queryKeys.me, data.sessionToken], admin);
      storeSessionToken(data.sessionToken);
    },
  });
}
