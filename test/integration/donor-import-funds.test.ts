import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * A CSV import's Fund column reaches the gift: the preview reads the fund by name, and the imported gift is
 * designated to it (it once went to General whatever the column said). A blank cell is General.
 */
let stack: Stack;
let api: ReturnType<typeof authed>;

beforeAll(async () => {
  stack = await startStack();
  api = authed(stack, (await signIn(stack)).token);
}, 60_000);
afterAll(() => stack?.stop());

it('designates each imported gift to the fund its row names, General when the cell is blank', async () => {
  const fund = (await api.post('/api/admin/funds').send({ name: 'New Van' }).expect(201)).body;
  const csv = [
    'Name,Gift Date,Amount,Type,Fund',
    'Rosa Alvarez,2024-03-07,250.00,check,new van',
    'Tom Baker,2024-03-08,40.00,cash,',
  ].join('\n');
  const { id } = (
    await api
      .post('/api/admin/donor-imports?fileName=funds.csv')
      .set('Content-Type', 'text/csv')
      .send(Buffer.from(csv))
      .expect(201)
  ).body;
  const mapping = { name: 0, giftDate: 1, amount: 2, type: 3, fund: 4 };
  const preview = (await api.post(`/api/admin/donor-imports/${id}/preview`).send({ mapping }).expect(200)).body;
  expect(preview).toMatchObject({ readyRows: 2, errorCount: 0 });

  let last;
  for (let calls = 0; calls < 10 && !last?.finished; calls++)
    last = (await api.post(`/api/admin/donor-imports/${id}/import`).send({}).expect(200)).body;
  expect(last).toMatchObject({ finished: true, giftsAdded: 2 });

  const rows = await stack.db.query(
    `SELECT m.donor_name, f.name AS fund FROM manual_donations m JOIN funds f ON f.id = m.fund_id ORDER BY m.donor_name`,
  );
  expect(rows).toEqual([
    { donor_name: 'Rosa Alvarez', fund: fund.name },
    { donor_name: 'Tom Baker', fund: 'General' },
  ]);
});
