import { Injectable } from '@nestjs/common';
import { TtlCache } from '../cache/ttl-cache.js';
import type { DonorSummaryRow } from './donors.repository.js';

/** How long a computed donor summary is served before it is recomputed. */
export const SUMMARY_TTL_MS = 5000;

/**
 * The donor-list summary (live donors, active donors, lifetime value) reads every donor_totals row: a few ms
 * per 100k donors, paid on every page turn. It changes rarely compared with how often pages are turned, so it
 * is kept for SUMMARY_TTL_MS, and concurrent page views share one computation. This process's own writes (donor
 * created or deleted, manual gift added or removed) clear it at once, so an admin always sees their own change;
 * a card gift projected by the worker shows in the summary within SUMMARY_TTL_MS (the donor rows themselves are
 * never cached).
 */
@Injectable()
export class DonorSummaryCache {
  private readonly cache = new TtlCache<'summary', DonorSummaryRow>(SUMMARY_TTL_MS);

  get(compute: () => Promise<DonorSummaryRow>, now = Date.now()): Promise<DonorSummaryRow> {
    return this.cache.get('summary', compute, now);
  }

  invalidate(): void {
    this.cache.invalidate();
  }
}
