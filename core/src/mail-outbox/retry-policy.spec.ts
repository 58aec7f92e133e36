import { MAX_SEND_ATTEMPTS, retryDelaySeconds } from './retry-policy.js';

describe('outbox retry policy', () => {
  it('doubles from 5 s up to 30 minutes, with at most 20 % jitter', () => {
    expect([1, 2, 3, 4, 10, 11, 14].map((a) => retryDelaySeconds(a, () => 0))).toEqual([
      5, 10, 20, 40, 1800, 1800, 1800,
    ]);
    expect(retryDelaySeconds(1, () => 1)).toBe(6);
  });

  it('keeps trying for about three hours before a message is failed for good', () => {
    let total = 0;
    for (let a = 1; a < MAX_SEND_ATTEMPTS; a++) total += retryDelaySeconds(a, () => 0);
    expect(total / 3600).toBeGreaterThan(3);
    expect(total / 3600).toBeLessThan(4);
  });
});
