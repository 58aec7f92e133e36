import { useMutation } from '@tanstack/react-query';
import { downloadFile, safeFilePart } from '../../../lib/download';
import { schoolYear } from '../../../lib/school-dates';

export interface YearEndInput {
  customerId: string;
  donorName?: string | null;
  year?: number;
}

export function yearEndFilename(year: number, donorName: string | null | undefined, customerId: string): string {
  return `year-end-statement-${year}-${safeFilePart(donorName || customerId) || customerId}.pdf`;
}

/** The statement for the current year, saved as year-end-statement-{year}-{donor name or id}.pdf. */
export function downloadYearEnd({ customerId, donorName, year = schoolYear() }: YearEndInput): Promise<void> {
  return downloadFile(
    `/api/admin/tax-exports/year-end/${encodeURIComponent(customerId)}/${year}`,
    yearEndFilename(year, donorName, customerId),
  );
}

/** Failures are logged only (SPEC section 8). */
export function useDownloadYearEnd() {
  return useMutation({
    mutationFn: downloadYearEnd,
    onError: (err) => console.warn('Year-end statement download failed', err),
  });
}
