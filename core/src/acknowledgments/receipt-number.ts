/** Receipt numbers run per calendar year of the gift (TIME_ZONE): 2026-000001, 2026-000002 ... */
export function formatReceiptNumber(year: number, seq: number): string {
  return `${year}-${String(seq).padStart(6, '0')}`;
}
