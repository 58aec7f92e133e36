import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export type TaxExportKind = 'bulk-report' | 'irs-receipts';

export function taxExportFilename(kind: TaxExportKind, year: number): string {
  return kind === 'bulk-report' ? `tax-report-${year}.csv` : `irs-receipts-required-${year}.csv`;
}

/** `appeal`: an appeal id, and then only the gifts credited to it; '' or absent for every gift. */
export function downloadTaxExport({
  kind,
  year,
  appeal,
}: {
  kind: TaxExportKind;
  year: number;
  appeal?: string;
}): Promise<void> {
  const query = appeal ? `?${new URLSearchParams({ appeal })}` : '';
  return downloadFile(`/api/admin/tax-exports/${kind}/${year}${query}`, taxExportFilename(kind, year));
}

/** Failures are logged only (SPEC section 8). */
export function useDownloadTaxExport() {
  return useMutation({
    mutationFn: downloadTaxExport,
    onError: (err) => console.warn('Tax export download failed', err),
  });
}
