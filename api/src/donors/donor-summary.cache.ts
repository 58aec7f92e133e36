import { Injectable } from '@nestjs/common';
import type { DonorSummaryRow } from './donors.repository.js';

/** How long a computed donor summary is served before it is recomputed. */
export const SUMMARY_TTL_MS = 5000;

/**
 * The donor-list summary (live donors, active donors, lifetime value) reads every donor_totals row: a few ms
 * per 100k donors, paid on every page turn. It changes rarely compared with how often pages are turned, so it
 * is kept for SUMMARY_TTL_MS. This process's own writes (donor created or deleted, manual gift added or
 * removed) clear it at once, so an admin always sees their own change; a card gift projected by the worker
 * shows in the summary within SUMMARY_TTL_MS (the donor rows themselves are never cached).
 */
@Injectable()
export class DonorSummaryCache {
  private value: { row: DonorSummaryRow; at: number } | null = null;
  private pending: Promise<DonorSummaryRow> | null = null;
  private generation = 0;

  async get(compute: () => Promise<DonorSummaryRow>, now = Date.now()): Promise<DonorSummaryRow> {
    if (this.value && now - this.value.at < SUMMARY_TTL_MS) return this.value.row;
    // Concurrent page views share one computation.
    if (!this.pending) {
      const generation = this.generation;
      this.pending = compute()
        .then((row) => {
          if (generation === this.generation) this.value = { row, at: Date.now() };
          return row;
        })
        .finally(() => (this.pending = null));
    }
    return this.pending;
  }

  invalidate(): void {
    this.generation += 1;
    this.value = null;
    this.pending = null;
  }
}
