import { Injectable } from '@nestjs/common';
import type { RetentionDto } from './dto/retention.dto.js';

/** How long a year's computed figures are served before they are computed again. */
export const RETENTION_TTL_MS = 5000;

/**
 * A year's retention figures count every donor of two years and every first gift: about 100-200 ms at 100k
 * donors on a busy 2-core machine, paid on every visit to the Insights tab and every change of its year. They
 * move only when a gift is added, refunded or removed, so each year's answer is kept for RETENTION_TTL_MS and
 * concurrent requests for one year share one computation (as the donor-list summary does). A new gift shows in
 * them within that time; the lapsed-donor pages are never cached.
 */
@Injectable()
export class RetentionFiguresCache {
  private readonly values = new Map<number, { dto: RetentionDto; at: number }>();
  private readonly pending = new Map<number, Promise<RetentionDto>>();

  async get(year: number, compute: () => Promise<RetentionDto>, now = Date.now()): Promise<RetentionDto> {
    const hit = this.values.get(year);
    if (hit && now - hit.at < RETENTION_TTL_MS) return hit.dto;
    let p = this.pending.get(year);
    if (!p) {
      p = compute()
        .then((dto) => {
          this.values.set(year, { dto, at: Date.now() });
          return dto;
        })
        .finally(() => this.pending.delete(year));
      this.pending.set(year, p);
    }
    return p;
  }
}
