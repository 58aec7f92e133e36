import { planChangeMail, type PlanChangeFacts } from './donor-mail-texts.js';

const base: PlanChangeFacts = {
  donorName: 'Nora Fees',
  frequency: 'Monthly',
  change: 'amount',
  amountCents: 7755,
  fromCents: 5180,
  feeCoverageCents: 255,
  method: null,
  madeOn: 'November 27, 2026',
  effectiveOn: 'December 24, 2026',
  byAdmin: false,
  manageUrl: 'https://example.org/my-giving',
};

describe('the confirmation of a change to a recurring gift', () => {
  it('says what changed, with the fees covered, and from when, in both parts', () => {
    const m = planChangeMail(base);
    expect(m.subject).toBe('Your monthly gift: amount changed - Hillside Learning Center');
    const line =
      'On November 27, 2026, your monthly gift was changed from $51.80 to $77.55 (including $2.55 to cover the processing fees). The new amount is charged from your next gift on December 24, 2026; nothing was charged today.';
    expect(m.text).toContain(line);
    expect(m.html).toContain(line);
    expect(m.text).toContain('https://example.org/my-giving');
    expect(m.text).not.toContain('at your request');
  });

  it("each kind of change in its own words; an admin's change says it was made at the donor's request", () => {
    const text = (f: Partial<PlanChangeFacts>) =>
      planChangeMail({ ...base, amountCents: 2000, feeCoverageCents: 0, fromCents: null, ...f }).text;
    expect(text({ change: 'pause', effectiveOn: null, byAdmin: true })).toContain(
      'your monthly gift of $20.00 was paused. Nothing will be charged until it is resumed. We made this change at your request.',
    );
    expect(text({ change: 'resume' })).toContain(
      'your monthly gift of $20.00 was resumed. The next charge is on December 24, 2026.',
    );
    expect(text({ change: 'cancel' })).toContain(
      'you asked to end your monthly gift of $20.00. It ends on December 24, 2026, and nothing is charged after that.',
    );
    expect(text({ change: 'cancel', effectiveOn: null })).toContain(
      'your monthly gift of $20.00 was canceled. Nothing more will be charged.',
    );
    expect(text({ change: 'card', method: 'your bank account ending in 6789' })).toContain(
      'was set to be paid with your bank account ending in 6789, from the next charge on December 24, 2026.',
    );
  });
});
