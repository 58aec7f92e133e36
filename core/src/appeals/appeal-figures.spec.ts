import { appealFigures, averageGiftCents } from './appeal-figures.js';

const base = {
  goalKind: 'dollars',
  goalCents: 500000,
  goalCount: null,
  matchCapCents: 100000,
  raisedCents: 324999,
  donorCount: 3,
  giftCount: 4,
  recurringStarted: 1,
};

describe("an appeal's figures (the bar, the report and the PDF)", () => {
  it('percent of a dollar goal rounds down, so 100% means the goal is met', () => {
    expect(appealFigures(base).percentOfGoal).toBe(64);
    expect(appealFigures({ ...base, raisedCents: 499999 }).percentOfGoal).toBe(99);
    expect(appealFigures({ ...base, raisedCents: 750000 }).percentOfGoal).toBe(150);
  });

  it('donor goals count donors, new monthly donor goals the plans started', () => {
    expect(appealFigures({ ...base, goalKind: 'donors', goalCents: null, goalCount: 6 })).toMatchObject({
      progress: 3,
      goal: 6,
      percentOfGoal: 50,
    });
    expect(appealFigures({ ...base, goalKind: 'new_monthly_donors', goalCents: null, goalCount: 4 })).toMatchObject({
      progress: 1,
      goal: 4,
      percentOfGoal: 25,
    });
  });

  it('average gift in whole cents, 0 without gifts; the match is capped', () => {
    expect(averageGiftCents({ raisedCents: 0, giftCount: 0 })).toBe(0);
    expect(appealFigures(base)).toEqual({
      progress: 324999,
      goal: 500000,
      percentOfGoal: 64,
      averageGiftCents: 81250,
      matchedCents: 100000,
    });
  });
});
