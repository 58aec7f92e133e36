import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { downloadServerNamedFile } from '../../../lib/download';
import { queryKeys } from '../../../lib/query-keys';
import type { LedgerPageDto, operations } from '../../../lib/api-types';
import { donationTypeLabel } from '../lib/transaction-labels';

type LedgerQuery = NonNullable<operations['LedgerController_page']['parameters']['query']>;
export type LedgerStatus = NonNullable<LedgerQuery['status']>[number];
export type LedgerMethod = NonNullable<LedgerQuery['method']>[number];

export const LEDGER_PAGE_SIZE = 50;

export const LEDGER_STATUSES: ReadonlyArray<{ value: LedgerStatus | ''; label: string }> = [
  { value: '', label: 'Any status' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'partially_refunded', label: 'Partially refunded' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'disputed', label: 'Disputed' },
  { value: 'failed', label: 'Failed' },
  { value: 'pending', label: 'Pending' },
];

/** The manual kinds take the labels the manual-gift form and the tables use (the ledger calls 'item' 'in-kind'). */
export const LEDGER_METHODS: ReadonlyArray<{ value: LedgerMethod | ''; label: string }> = [
  { value: '', label: 'Any method' },
  { value: 'card', label: 'Card' },
  { value: 'bank', label: 'Bank (ACH)' },
  { value: 'cash', label: donationTypeLabel('cash') },
  { value: 'check', label: donationTypeLabel('check') },
  { value: 'stock', label: donationTypeLabel('stock') },
  { value: 'in-kind', label: donationTypeLabel('item') },
  { value: 'crypto', label: donationTypeLabel('crypto') },
  { value: 'other', label: donationTypeLabel('other') },
];

/** What the Transactions tab shows: the same filters drive the page, its totals and the CSV. */
export interface LedgerFilter {
  /** yyyy-MM-dd, inclusive, in the school's time zone; empty for no bound. */
  startDate: string;
  endDate: string;
  q: string;
  status: LedgerStatus | '';
  method: LedgerMethod | '';
  /** A fund id as text; '' for every fund. */
  fund: string;
  /** An appeal id; '' for every gift. */
  appeal: string;
}

export function ledgerSearchParams(f: LedgerFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (f.startDate) params.set('start_date', f.startDate);
  if (f.endDate) params.set('end_date', f.endDate);
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.status) params.set('status', f.status);
  if (f.method) params.set('method', f.method);
  if (f.fund) params.set('fund', f.fund);
  if (f.appeal) params.set('appeal', f.appeal);
  return params;
}

export async function getLedger(f: LedgerFilter, page: number): Promise<LedgerPageDto> {
  const params = ledgerSearchParams(f);
  params.set('page', String(page));
  params.set('pageSize', String(LEDGER_PAGE_SIZE));
  try {
    return await apiGet<LedgerPageDto>(`/api/stripe/transactions?${params}`);
  } catch (cause) {
    throw new Error('Failed to fetch transactions', { cause });
  }
}

export function ledgerQueryOptions(f: LedgerFilter, page: number) {
  return queryOptions({
    queryKey: [...queryKeys.ledger, { ...f, q: f.q.trim(), page }],
    queryFn: () => getLedger(f, page),
    // Keep the current page on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}

export function useLedger(f: LedgerFilter, page: number) {
  return useQuery(ledgerQueryOptions(f, page));
}

/** The CSV of every row the filters match (all pages), named by the server; answers the file name. */
export function downloadLedgerCsv(f: LedgerFilter): Promise<string> {
  const params = ledgerSearchParams(f).toString();
  return downloadServerNamedFile(`/api/stripe/transactions/export${params ? `?${params}` : ''}`);
}
