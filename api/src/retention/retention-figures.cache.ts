import { Injectable } from '@nestjs/common';
import { TtlCache } from '../cache/ttl-cache.js';
import type { RetentionDto } from './dto/retention.dto.js';

/** How long a year's computed figures are served before they are computed again. */
export const RETENTION_TTL_MS = 5000;

/**
 * A year's retention figures count every donor of two years and every first gift: about 100-200 ms at 100k
 * donors on a busy 2-core machine, paid on every visit to the Insights tab and every change of its year. They
 * move only when a gift is added, refunded or removed, so each year's answer is kept for RETENTION_TTL_MS and
 * concurrent requests for one year share one computation (as the donor-list summary does). A new gift shows in
 * them within that time; the lapsed-donor pages are never cached. Keyed by the year's table, start month and year.
 */
@Injectable()
export class RetentionFiguresCache extends TtlCache<string, RetentionDto> {
  constructor() {
    super(RETENTION_TTL_MS);
  }
}
