import {
  acknowledgmentMail,
  mailDate,
  paymentFailedMail,
  signInLinkMail,
  STATEMENT_TEXTS,
  statementEditionFor,
  statementMail,
  tributeMail,
  voidMail,
  type AcknowledgmentFacts,
} from './donor-mail-texts.js';

const NO_GOODS = 'No goods or services were provided in exchange for these contributions.';
const base: AcknowledgmentFacts = {
  receiptNumber: '2026-000123',
  donorName: 'Maria Lopez',
  giftDate: 'November 22, 2026',
  method: 'Visa ending in 4242',
  isMoney: true,
  amountCents: 30000,
  refundedCents: 0,
  description: null,
  goods: null,
  recurring: null,
  noGoodsSentence: NO_GOODS,
};

describe('donor mail texts (IRS Publication 1771)', () => {
  it('a card gift: school name, address and EIN, donor, date, amount, receipt number and the no-goods sentence, in both parts', () => {
    const m = acknowledgmentMail(base);
    expect(m.subject).toBe('Thank you for your gift - receipt 2026-000123 - Hillside Learning Center');
    for (const part of [m.text, m.html]) {
      for (const s of [
        'Hillside Learning Center',
        '418 Schoolhouse Road, Marshall, AR 72650',
        'EIN 71-0123456',
        'Dear Maria Lopez,',
        'November 22, 2026',
        '$300.00',
        '2026-000123',
        'Visa ending in 4242',
        NO_GOODS,
      ]) {
        expect(part).toContain(s);
      }
    }
    expect(m.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(m.html).toContain('<th scope="row"');
  });

  it('a stock gift: described, and no dollar value anywhere', () => {
    const m = acknowledgmentMail({
      ...base,
      isMoney: false,
      method: 'Stock/Securities',
      description: '100 shares of Acme Corporation (ACME)',
      amountCents: 1234500,
    });
    expect(m.text).toContain('100 shares of Acme Corporation (ACME)');
    expect(m.text).toContain('does not state its value');
    expect(m.text).not.toMatch(/\$/);
    expect(m.html).not.toMatch(/\$/);
  });

  it('goods received in return: the quid-pro-quo disclosure with the deductible part instead of the no-goods sentence', () => {
    const m = acknowledgmentMail({
      ...base,
      method: 'Check',
      amountCents: 15000,
      goods: { description: 'a dinner at the spring gala', valueCents: 4000 },
    });
    expect(m.text).toContain('you received a dinner at the spring gala, with an estimated fair-market value of $40.00');
    expect(m.text).toContain(
      'deductible for federal income tax purposes is limited to the excess of the money you gave over the value of what you received: $110.00.',
    );
    expect(m.text).not.toContain(NO_GOODS);
  });

  it('a partial refund: a corrected acknowledgment under the same number with what still counts', () => {
    const m = acknowledgmentMail({ ...base, amountCents: 10000, refundedCents: 3000 });
    expect(m.subject).toBe('Corrected receipt 2026-000123 - Hillside Learning Center');
    expect(m.text).toContain('Amount given: $100.00\nAmount refunded: $30.00\nContribution: $70.00');
    expect(m.text).toContain('replaces the one we sent before under the same receipt number');
  });

  it('a renewal: its frequency and the next date', () => {
    const m = acknowledgmentMail({ ...base, recurring: { frequency: 'Monthly', nextDate: 'December 22, 2026' } });
    expect(m.text).toContain('Frequency: Monthly\nNext gift: December 22, 2026');
    expect(m.text).toContain('for each monthly gift');
  });

  it('escapes what the school recorded in the HTML part', () => {
    const m = acknowledgmentMail({ ...base, donorName: '<img src=x onerror=alert(1)>' });
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(m.text).toContain('Dear <img src=x onerror=alert(1)>,');
  });

  it('a void notice and a statement cover note', () => {
    const v = voidMail({
      receiptNumber: '2026-000007',
      donorName: null,
      giftDate: 'March 3, 2026',
      amountCents: 2500,
      reason: 'refunded',
    });
    expect(v.subject).toBe('Receipt 2026-000007 is void - Hillside Learning Center');
    expect(v.text).toContain('Dear friend of Hillside,');
    expect(v.text).toContain(
      'Because your gift of $25.00 on March 3, 2026 was refunded in full, the acknowledgment we sent you with receipt number 2026-000007 is void.',
    );
    const s = statementMail({
      donorName: 'Ann',
      year: 2025,
      totalCents: 123456,
      giftCount: 3,
      filename: 'year-end-statement-2025-ann.pdf',
    });
    expect(s.subject).toBe('Your 2025 year-end giving statement - Hillside Learning Center');
    expect(s.text).toContain('Total contributions: $1,234.56');
  });

  it('a statement cover note names its version and keeps gifts of property out of the total', () => {
    const base = {
      donorName: 'Ann',
      year: 2026,
      totalCents: 15000,
      giftCount: 1,
      filename: 'year-end-statement-2026-ann.pdf',
    };
    const interim = statementMail({ ...base, edition: 'interim', propertyCount: 2 });
    expect(interim.subject).toBe('Your 2026 interim year-end giving statement - Hillside Learning Center');
    expect(interim.text).toContain('your final statement for 2026 will follow after the year ends');
    expect(interim.text).toContain('Gifts of property: 2 gifts (described in the statement, no value stated)');
    expect(interim.text).toContain(STATEMENT_TEXTS.cashTotalNote);
    const corrected = statementMail({ ...base, edition: 'corrected' });
    expect(corrected.subject).toBe('Your 2026 corrected year-end giving statement - Hillside Learning Center');
    expect(corrected.text).toContain('It replaces the 2026 statement we sent you before.');
    expect(statementMail(base).subject).toBe('Your 2026 year-end giving statement - Hillside Learning Center');
    expect(statementEditionFor(2026, 2026)).toBe('interim');
    expect(statementEditionFor(2025, 2026)).toBe('final');
  });

  it("a recurring gift's acknowledgment says where the donor manages it", () => {
    const m = acknowledgmentMail({
      ...base,
      recurring: {
        frequency: 'Monthly',
        nextDate: 'December 22, 2026',
        manageUrl: 'https://give.example.org/my-giving',
      },
    });
    expect(m.text).toContain(
      'To change the amount or the card, pause or cancel your monthly gift, visit My Giving: https://give.example.org/my-giving',
    );
    // In the HTML part the address is a link.
    expect(m.html).toContain(
      'To change the amount or the card, pause or cancel your monthly gift, visit My Giving: <a href="https://give.example.org/my-giving"',
    );
    expect(acknowledgmentMail(base).text).not.toContain('My Giving');
  });

  it('a sign-in link and a declined renewal: plain words, the link as a real link in the HTML part and as text in both', () => {
    const url = 'https://give.example.org/my-giving#link=abc';
    const link = signInLinkMail({ url, minutes: 30 });
    expect(link.subject).toBe('Your sign-in link for My Giving - Hillside Learning Center');
    expect(link.text).toContain(`Sign in to My Giving:\n${url}`);
    expect(link.html).toContain(`<a href="${url}"`);
    expect(link.text).toContain('The link works once, for 30 minutes.');

    const failed = paymentFailedMail({
      donorName: 'Cy Card',
      frequency: 'Monthly',
      amountCents: 2500,
      card: 'Visa ending in 0341',
      url,
      days: 7,
    });
    expect(failed.subject).toBe('Your monthly gift could not be charged - Hillside Learning Center');
    for (const part of [failed.text, failed.html]) {
      for (const s of [
        'Dear Cy Card,',
        'monthly gift of $25.00 to Visa ending in 0341',
        'the bank declined it',
        'The link works for 7 days',
        '(870) 555-0142',
      ])
        expect(part).toContain(s);
    }
    expect(failed.html).toContain(`<a href="${url}"`);
    expect(failed.text).toContain(`Update your card:\n${url}`);

    // A plan paid from a bank account: the e-mail speaks of the account, never of a card.
    const bank = paymentFailedMail({
      donorName: 'Bea Bank',
      frequency: 'Monthly',
      amountCents: 2500,
      card: 'Bank account ending in 6789',
      method: 'bank',
      url,
      days: 7,
    });
    expect(bank.subject).toBe('Your monthly gift could not be charged - Hillside Learning Center');
    for (const part of [bank.text, bank.html]) {
      for (const s of [
        'Dear Bea Bank,',
        'monthly gift of $25.00 from your bank account ending in 6789',
        'did not complete the payment',
        'a card or another bank account',
        'The link works for 7 days',
      ])
        expect(part).toContain(s);
    }
    expect(bank.text).toContain(`Update how you give:\n${url}`);
    expect(bank.text).not.toMatch(/your card|card expires/i);
  });

  it('dates in the school time zone', () => {
    expect(mailDate(new Date('2026-01-01T03:00:00Z'), 'America/Chicago')).toBe('December 31, 2025');
  });
});

describe('fee coverage, fund and tribute in the mail', () => {
  it('the acknowledgment states the full amount, the part that covered fees, the fund and the tribute', () => {
    const m = acknowledgmentMail({
      ...base,
      amountCents: 5180,
      feeCoverageCents: 180,
      fund: 'Transportation',
      tribute: 'In memory of Grace Hopper',
    });
    for (const part of [m.text, m.html]) {
      for (const s of [
        '$51.80',
        'Of which to cover fees',
        '$1.80 (deductible too)',
        'Designated to',
        'Transportation',
        'In memory of Grace Hopper',
      ])
        expect(part).toContain(s);
    }
    expect(acknowledgmentMail(base).text).not.toMatch(/cover fees|Designated to|Tribute/);
  });

  it('the tribute notice names the donor, the fund and the person, and states the amount only when allowed', () => {
    const hidden = tributeMail({
      tribute: 'In honor of Mrs. Smith',
      donorName: 'Maria Lopez',
      amountCents: null,
      fund: null,
    });
    expect(hidden.subject).toBe('A tribute gift to Hillside Learning Center');
    expect(hidden.text).toContain('Maria Lopez has made a gift in honor of Mrs. Smith, and asked us to let you know.');
    expect(hidden.text + hidden.html).not.toContain('$');
    const shown = tributeMail({
      tribute: 'In memory of Grace Hopper',
      donorName: null,
      amountCents: 2500,
      fund: 'Transportation',
    });
    expect(shown.text).toContain(
      'A friend of the school has made a gift of $25.00 to our Transportation fund in memory of Grace Hopper',
    );
  });

  describe("an appeal's thank-you paragraph", () => {
    const thanks = 'Because of you, the new van <b>will</b> roll\n in spring.';
    it('stands above the receipt table and the IRS sentence, which stay, and arrives as text in the HTML part', () => {
      const m = acknowledgmentMail({ ...base, appealThankYou: thanks });
      const folded = 'Because of you, the new van <b>will</b> roll in spring.';
      expect(m.text.indexOf(folded)).toBeGreaterThan(m.text.indexOf('Dear Maria Lopez,'));
      expect(m.text.indexOf(folded)).toBeLessThan(m.text.indexOf('Receipt number: 2026-000123'));
      expect(m.text.indexOf(folded)).toBeLessThan(m.text.indexOf(NO_GOODS));
      expect(m.text).toContain('This e-mail is your receipt');
      expect(m.html).toContain('Because of you, the new van &#60;b&#62;will&#60;/b&#62; roll in spring.');
      expect(m.html).not.toContain('<b>will</b>');
      expect(m.html.indexOf('the new van')).toBeLessThan(m.html.indexOf(NO_GOODS));
    });
    it('is left out of a corrected acknowledgment and when blank', () => {
      expect(acknowledgmentMail({ ...base, refundedCents: 100, appealThankYou: thanks }).text).not.toContain('new van');
      expect(acknowledgmentMail({ ...base, appealThankYou: '  \n ' }).text).toBe(acknowledgmentMail(base).text);
    });
  });
});
