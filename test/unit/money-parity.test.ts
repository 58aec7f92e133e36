import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { RecordDonationDto } from '../../api/src/donations/dto/record-donation.dto.js';
import { checkManualDonation } from '../../api/src/manual-donations/manual-donation.validation.js';
import { manualAmountCents } from '../../core/src/gifts/manual-amount.js';
import { formatUsd, parseDollars } from '../../core/src/gifts/money.js';
import { giftTotal } from '../../web/src/lib/gift-total.js';
import {
  emptyManualDonation,
  payloadDollars,
  validateManualDonation,
  type ManualDonationValues,
} from '../../web/src/features/transactions/lib/manual-donation-rules.js';

/**
 * Issue 28: one money rule in server and browser. Every amount from $0.01 to $100,000.00 (10,000,000 of them), as
 * the form's text ("1234.56"), goes through what the browser reads it with and what the server reads it with, and
 * each must give the integer of cents it was written from:
 * - browser: the donate form's total (giftTotal: the donate panel, payment step and My Giving's amount dialog;
 *   under $1 it has none, by the gift rules), and the manual-gift form's payload text (payloadDollars);
 * - server: that payload text by the manual amount rule (the API's DTO and the donor import's rows) and the form's
 *   text by the donation DTOs' dollars rule (parseDollars, which IsDollarText applies).
 * A sample, also written with "$" and thousands commas, goes through the whole form check and the real DTO
 * validation on both sides. A float anywhere ("1.15" * 100 = 114.99999999999999) would show up here as a cent off.
 */
const MAX_CENTS = 10_000_000;
const SUFFIX = Array.from({ length: 100 }, (_, c) => `.${String(c).padStart(2, '0')}`);

describe('one money rule: the browser and the server read every amount to $100,000 alike', () => {
  it('gives the same cents for all 10,000,000 amounts, equal to the integer written', () => {
    const wrong: string[] = [];
    let seen = 0;
    let failed = 0;
    // Dollars, then cents within them: the loop calls no global per amount (each call costs about 0.2 us in Jest's
    // sandbox, which would be most of the time).
    for (let dollars = 0; dollars <= MAX_CENTS / 100; dollars++) {
      const whole = String(dollars);
      const last = dollars === MAX_CENTS / 100 ? 0 : 99;
      for (let c = dollars === 0 ? 1 : 0; c <= last; c++) {
        const cents = dollars * 100 + c;
        const text = whole + SUFFIX[c];
        const donate = giftTotal({ amount: text, coverFees: false }, undefined)?.giftCents ?? null;
        const wire = payloadDollars(text);
        const manual = manualAmountCents(wire);
        const dto = parseDollars(text);
        seen++;
        if (donate !== (cents >= 100 ? cents : null) || wire !== text || manual !== cents || dto !== cents) {
          if (failed++ < 20) wrong.push(`${text}: donate ${donate}, wire ${wire}, manual ${manual}, dto ${dto}`);
        }
      }
    }
    expect({ failed, wrong }).toEqual({ failed: 0, wrong: [] });
    expect(seen).toBe(MAX_CENTS);
  });

  /** Every 9,973rd amount (a prime, so every cents ending comes up) and the edges. */
  const sample = [1, 99, 100, 101, 114, 115, 999, 1000, 99_999, 100_000, 100_001, 123_456, MAX_CENTS - 1, MAX_CENTS];
  for (let c = 7; c < MAX_CENTS; c += 9973) sample.push(c);

  it('reads a sample written as people write it ("$1,234.56", "1,234.56") the same in the form and the API', async () => {
    const form: ManualDonationValues = { ...emptyManualDonation('2026-01-15'), donorName: 'Ann Lee' };
    const wrong: string[] = [];
    for (const cents of sample) {
      const usd = formatUsd(cents);
      for (const text of [usd, usd.slice(1)]) {
        const donate = giftTotal({ amount: text, coverFees: false }, undefined)?.giftCents ?? null;
        const formOk = Object.keys(validateManualDonation({ ...form, amount: text })).length === 0;
        const checked = await checkManualDonation(
          { donorName: 'Ann Lee', amount: payloadDollars(text), donationType: 'cash', donationDate: '2026-01-15' },
          'America/Chicago',
          new Date('2026-03-10T12:00:00Z'),
        );
        const served = checked.ok ? checked.value.amountCents : null;
        const dto = await validate(plainToInstance(RecordDonationDto, { amount: text }));
        const dtoOk = !dto.some((e) => e.property === 'amount');
        if (donate !== (cents >= 100 ? cents : null) || !formOk || served !== cents || !dtoOk) {
          wrong.push(`${text}: donate ${donate}, form ${formOk}, server ${served}, dto ${dtoOk}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sample.length).toBeGreaterThan(1000);
  });

  it('refuses the same text on both sides with one message', async () => {
    for (const text of ['1,2,3', '12,50', '40.', '.5', '1.005', '1e3', '-5', '$ 5', 'abc', '']) {
      const browser = validateManualDonation({
        ...emptyManualDonation('2026-01-15'),
        donorName: 'A',
        amount: text,
      }).amount;
      const checked = await checkManualDonation(
        { donorName: 'A', amount: payloadDollars(text), donationType: 'cash', donationDate: '2026-01-15' },
        'America/Chicago',
        new Date('2026-03-10T12:00:00Z'),
      );
      const server = checked.ok ? null : checked.problems.find((p) => p.field === 'amount')?.message;
      expect([text, browser]).toEqual([text, 'Enter a valid amount (e.g., 25.00 or 1,250.00)']);
      expect([text, server]).toEqual([text, browser]);
      expect(giftTotal({ amount: text, coverFees: false }, undefined)).toBeNull();
    }
  });
});
