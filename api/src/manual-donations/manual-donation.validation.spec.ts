import { checkManualDonation, validateManualDonation } from './manual-donation.validation.js';

const TZ = 'America/Chicago';
const NOW = new Date('2026-03-10T12:00:00Z');
const GOOD = { donorName: 'Ann Lee', amount: '1,250.00', donationType: 'cash', donationDate: '2026-01-15' };

describe('checkManualDonation', () => {
  it('answers every problem at once, one per field; validateManualDonation answers the first', async () => {
    const body = {
      ...GOOD,
      donorName: ' ',
      donorEmail: 'nope',
      donationDate: '2026-02-30',
      goodsDescription: 'a dinner',
    };
    const checked = await checkManualDonation(body, TZ, NOW);
    expect(checked.ok ? null : checked.problems).toEqual([
      { field: 'donorName', message: 'Donor name is required' },
      { field: 'donorEmail', message: 'Enter a valid email address or leave it empty' },
      { field: 'donationDate', message: 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)' },
      { field: 'goodsValue', message: 'Enter the fair-market value of what the donor received' },
    ]);
    expect(await validateManualDonation(body, TZ, NOW)).toEqual({ ok: false, message: 'Donor name is required' });
  });

  it('reads the goods fields only once their own rules passed', async () => {
    const checked = await checkManualDonation({ ...GOOD, goodsDescription: [] }, TZ, NOW);
    expect(checked.ok ? null : checked.problems).toEqual([
      { field: 'goodsDescription', message: 'What the donor received must be text' },
    ]);
  });

  it('takes a good body', async () => {
    const checked = await checkManualDonation(GOOD, TZ, NOW);
    expect(checked.ok && checked.value.amountCents).toBe(125000);
  });
});
