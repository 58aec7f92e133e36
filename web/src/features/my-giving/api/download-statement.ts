import { saveBlob } from '../../../lib/download';
import { donorRequest } from './donor-session';

/** GET /api/my-giving/statements/{customerId}/{year}: the donor's own year-end statement, saved as a PDF. */
export async function downloadStatement(customerId: string, year: number): Promise<void> {
  const res = await donorRequest('GET', `/api/my-giving/statements/${encodeURIComponent(customerId)}/${year}`);
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `year-end-statement-${year}.pdf`;
  saveBlob(await res.blob(), name);
}
