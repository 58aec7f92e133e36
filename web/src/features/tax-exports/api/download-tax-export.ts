import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download';

export type TaxExportKind = 'bulk-report' | 'irs-receipts';

export function taxExportFilename(kind: TaxExportKind, year: number): string {
  return kind === 'bulk-report' ? `tax-report-${year}.csv` : `irs-receipts-required-${year}.csv`;
}

export function downloadTaxExport({ kind, year }: { kind: TaxExportKind; year: number }): Promise<void> {
  return downloadFile(`/api/admin/tax-exports/${kind}/${year}`, taxExportFilename(kind, year));
}

/** Failures are logged only (SPEC section 8). */
export function useDownloadTaxExport() {
  return useMutation({
    mutationFn: downloadTaxExport,
    onError: (err) => console.warn('Tax export download failed', err),
  });
}
