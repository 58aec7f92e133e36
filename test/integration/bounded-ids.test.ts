import request from 'supertest';
import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Numeric ids past their column's range (a fund id is a Postgres integer) are refused with 400 by their DTO,
 * never passed on to overflow in the database (a 500): issue 25, item 9.
 */
describe('numeric ids are bounded in their DTOs', () => {
  let stack: Stack;
  let owner: string;
  const donor = { frequency: 'one-time', firstName: 'Ida', lastName: 'Bounds', email: 'ida.bounds@example.org' };

  beforeAll(async () => {
    stack = await startStack({ emulator: false });
    owner = (await signIn(stack)).token;
  }, 60_000);
  afterAll(() => stack?.stop());

  it.each([1099511627776, '99999999999', 2147483648, '2147483648'])(
    'refuses the public fundId %p with 400, and writes nothing',
    async (fundId) => {
      const res = await request(stack.apiUrl)
        .post('/api/create-payment-intent')
        .send({ amount: 5000, donationData: { ...donor, email: `ida.${fundId}@example.org`, fundId } })
        .expect(400);
      expect(res.body.message).toBe('fundId must be one of the funds offered');
    },
  );

  it('takes the largest integer id as an unknown fund (400 from the rule, not the database)', async () => {
    const res = await request(stack.apiUrl)
      .post('/api/create-payment-intent')
      .send({ amount: 5000, donationData: { ...donor, fundId: 2147483647 } })
      .expect(400);
    expect(res.body.message).toBe('fundId must be one of the funds offered');
  });

  it('refuses PATCH /api/admin/funds/99999999999 with 400, and answers 404 for an unknown id in range', async () => {
    for (const id of ['99999999999', '1099511627776', '2147483648', '0', '-1', '1.5', '1e3']) {
      const res = await authed(stack, owner).patch(`/api/admin/funds/${id}`).send({ archived: true });
      expect({ id, status: res.status }).toEqual({ id, status: 400 });
      expect(res.body.message).toBe('The fund id must be a whole number from 1 to 2,147,483,647');
    }
    await authed(stack, owner).patch('/api/admin/funds/2147483647').send({ archived: true }).expect(404);
  });

  it('refuses a manual gift to fund 1099511627776, and a ledger filtered by fund 99999999999', async () => {
    const gift = {
      donorName: 'Ida Bounds',
      amount: '25',
      donationType: 'cash',
      donationDate: new Date().toISOString(),
    };
    for (const fundId of [1099511627776, '99999999999']) {
      const res = await authed(stack, owner)
        .post('/api/admin/manual-donations')
        .send({ ...gift, fundId })
        .expect(400);
      expect(res.body.message).toBe("Choose one of the school's funds");
    }
    await authed(stack, owner).get('/api/stripe/transactions?fund=99999999999').expect(400);
    await authed(stack, owner).get('/api/stripe/transactions?fund=1,1099511627776').expect(400);
    expect(await stack.db.query('SELECT 1 FROM manual_donations')).toEqual([]);
  });
});
