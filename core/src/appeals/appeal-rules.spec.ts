import { offeredForOfflineGifts, STAFF_CREDIT_DAYS_AFTER_END } from './appeal-rules.js';

describe('the appeals offered for an offline gift', () => {
  const now = new Date('2026-11-28T15:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  it('offers open appeals and those closed at most 90 days ago', () => {
    expect(offeredForOfflineGifts({ status: 'published', state: 'open', endsAt: daysAgo(-5) }, now)).toBe(true);
    expect(offeredForOfflineGifts({ status: 'published', state: 'closed', endsAt: daysAgo(1) }, now)).toBe(true);
    expect(
      offeredForOfflineGifts(
        { status: 'published', state: 'closed', endsAt: daysAgo(STAFF_CREDIT_DAYS_AFTER_END) },
        now,
      ),
    ).toBe(true);
  });

  it('leaves out appeals closed longer ago, archived ones, drafts and those not started', () => {
    expect(offeredForOfflineGifts({ status: 'published', state: 'closed', endsAt: daysAgo(91) }, now)).toBe(false);
    expect(offeredForOfflineGifts({ status: 'archived', state: 'closed', endsAt: daysAgo(1) }, now)).toBe(false);
    expect(offeredForOfflineGifts({ status: 'draft', state: 'closed', endsAt: daysAgo(-5) }, now)).toBe(false);
    expect(offeredForOfflineGifts({ status: 'published', state: 'upcoming', endsAt: daysAgo(-30) }, now)).toBe(false);
  });
});
