import { formatCents } from '../../core/src/gifts/money.js';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * The preview of a file with First Name and Last Name columns (issue 27): the mapping is guessed from those
 * headers; a row with two errors names both, each with the text that failed; the file's total is the sum of its
 * amounts, read by the manual gifts' own amount rule; every row is listed with its date, amount, type and fund.
 */
const TZ = 'America/Chicago';
let stack: Stack;
let api: ReturnType<typeof authed>;

/** Amounts as spreadsheets write them; the test's own sum of them is the expected total. */
const AMOUNTS = ['250.00', '$1,000.50', '19.99', '5', '0.10'];
const CSV = [
  'First Name,Last Name,Email,Gift Date,Amount,Type,Fund,Note',
  `Rosa,Alvarez,rosa@example.org,3/7/2024,${AMOUNTS[0]},check,,`,
  // A gift of property's note is its description (required).
  `Tom,Baker,,2023-12-24,"${AMOUNTS[1]}",stock,General,10 shares of ACME`,
  // Two errors: a date that is no date, and a type we do not know; its amount still counts in the file's total.
  `Ann,Lee,ann@example.org,2024-02-30,${AMOUNTS[2]},barter,,`,
  `Bo,Chan,bo@example.org,2024-05-01,${AMOUNTS[3]},cash,general,`,
  `Cy,Diaz,,2024-05-02,${AMOUNTS[4]},in-kind,,a box of books`,
].join('\n');

/** The test's own reading of the amounts: cents from the text, dollars and cents apart (no float arithmetic). */
const fileCents = AMOUNTS.reduce((sum, a) => {
  const [whole, frac = ''] = a.replace(/[$,]/g, '').split('.');
  return sum + Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}, 0);

beforeAll(async () => {
  stack = await startStack({ env: { TIME_ZONE: TZ } });
  api = authed(stack, (await signIn(stack)).token);
}, 60_000);
afterAll(() => stack?.stop());

describe('previewing a file with first-name and last-name columns', () => {
  let id: string;
  const mapping = { firstName: 0, lastName: 1, email: 2, giftDate: 3, amount: 4, type: 5, fund: 6, note: 7 };

  it('guesses the first-name and last-name columns from the header', async () => {
    const res = await api
      .post('/api/admin/donor-imports?fileName=names.csv')
      .set('Content-Type', 'text/csv')
      .send(Buffer.from(CSV))
      .expect(201);
    expect(res.body.suggestedMapping).toEqual(mapping);
    id = res.body.id;
  });

  it('refuses a mapping without a name, or with half of one, in its own words', async () => {
    const preview = (m: object) => api.post(`/api/admin/donor-imports/${id}/preview`).send({ mapping: m });
    const none = await preview({ giftDate: 3, amount: 4 });
    expect({ status: none.status, message: none.body.message }).toEqual({
      status: 400,
      message: "Choose the column with the donor's full name, or the first-name and last-name columns",
    });
    expect((await preview({ firstName: 0, giftDate: 3 })).body.message).toBe(
      'Choose the last-name column too (or one full-name column instead). Choose the column with the amount',
    );
  });

  it('names both errors of the bad row with their text, totals the file, and lists every row', async () => {
    const res = await api.post(`/api/admin/donor-imports/${id}/preview`).send({ mapping }).expect(200);
    expect(res.body).toMatchObject({ rowCount: 5, readyRows: 4, newDonors: 4, errorCount: 1, unreadAmounts: 0 });
    expect(res.body.errors).toEqual([
      {
        row: 4,
        problems: [
          {
            field: 'giftDate',
            value: '2024-02-30',
            message: 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)',
          },
          { field: 'type', value: 'barter', message: 'Unknown gift type (use cash, check, stock, in-kind or crypto)' },
        ],
      },
    ]);
    expect(formatCents(res.body.fileTotalCents)).toBe(formatCents(fileCents));
    expect(res.body.fileTotalCents).toBe(127559);
    expect(res.body.importTotalCents).toBe(fileCents - 1999);
    expect(res.body.rows).toEqual([
      {
        row: 2,
        outcome: 'new',
        name: 'Rosa Alvarez',
        email: 'rosa@example.org',
        date: '2024-03-07',
        amountCents: 25000,
        amountText: '250.00',
        type: 'check',
        fund: 'General',
      },
      {
        row: 3,
        outcome: 'new',
        name: 'Tom Baker',
        email: null,
        date: '2023-12-24',
        amountCents: 100050,
        amountText: '$1,000.50',
        type: 'stock',
        fund: 'General',
      },
      {
        row: 4,
        outcome: 'error',
        name: 'Ann Lee',
        email: 'ann@example.org',
        date: '2024-02-30',
        amountCents: 1999,
        amountText: '19.99',
        type: 'barter',
        fund: 'General',
      },
      {
        row: 5,
        outcome: 'new',
        name: 'Bo Chan',
        email: 'bo@example.org',
        date: '2024-05-01',
        amountCents: 500,
        amountText: '5',
        type: 'cash',
        fund: 'General',
      },
      {
        row: 6,
        outcome: 'new',
        name: 'Cy Diaz',
        email: null,
        date: '2024-05-02',
        amountCents: 10,
        amountText: '0.10',
        type: 'item',
        fund: 'General',
      },
    ]);
  });

  it('imports the good rows with the joined names', async () => {
    let last;
    for (let calls = 0; calls < 10 && !last?.finished; calls++)
      last = (await api.post(`/api/admin/donor-imports/${id}/import`).send({}).expect(200)).body;
    expect(last).toMatchObject({ finished: true, giftsAdded: 4, donorsCreated: 4 });
    const rows = await stack.db.query(`SELECT donor_name, amount::int AS cents FROM manual_donations ORDER BY amount`);
    expect(rows).toEqual([
      { donor_name: 'Cy Diaz', cents: 10 },
      { donor_name: 'Bo Chan', cents: 500 },
      { donor_name: 'Rosa Alvarez', cents: 25000 },
      { donor_name: 'Tom Baker', cents: 100050 },
    ]);
  });
});
