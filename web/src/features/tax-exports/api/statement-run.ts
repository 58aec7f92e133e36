import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';
import type { DonorYearsDto, SendStatementsResultDto, StatementRunDto } from '../../../lib/api-types';

export function getStatementRun(year: number): Promise<StatementRunDto> {
  return apiGet<StatementRunDto>(`/api/admin/tax-exports/statements/${year}`);
}

/** While statements wait or are being sent, the progress is read again every 1.5 s. */
export function statementRunQueryOptions(year: number) {
  return queryOptions({
    queryKey: queryKeys.statementRun(year),
    queryFn: () => getStatementRun(year),
    refetchInterval: (q) =>
      (q.state.data?.progress.queued ?? 0) + (q.state.data?.progress.sending ?? 0) > 0 ? 1500 : false,
  });
}

export function useStatementRun(year: number) {
  return useQuery(statementRunQueryOptions(year));
}

export async function sendStatements(year: number): Promise<SendStatementsResultDto> {
  return apiSend<SendStatementsResultDto>('POST', `/api/admin/tax-exports/statements/${year}/send`);
}

export function useSendStatements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStatements,
    onSuccess: (_d, year) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.statementRun(year) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.donorMail }),
      ]),
  });
}

export function downloadPostalStatements(year: number): Promise<void> {
  return downloadFile(`/api/admin/tax-exports/statements/${year}/postal`, `year-end-statements-${year}-by-post.pdf`);
}

export function useDownloadPostalStatements() {
  return useMutation({
    mutationFn: downloadPostalStatements,
    onError: (err) => console.warn('Postal statements download failed', err),
  });
}

export function getDonorYears(customerId: string): Promise<DonorYearsDto> {
  return apiGet<DonorYearsDto>(`/api/admin/tax-exports/years/${encodeURIComponent(customerId)}`);
}

export function useDonorYears(customerId: string) {
  return useQuery(
    queryOptions({ queryKey: queryKeys.donorYears(customerId), queryFn: () => getDonorYears(customerId) }),
  );
}
