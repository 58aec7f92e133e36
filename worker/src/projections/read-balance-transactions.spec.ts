import { timeGroups } from './read-balance-transactions.handler.js';

describe('timeGroups', () => {
  const item = (id: string, created: number) => ({ id, chargeId: null, created });

  it('keeps lines made close together in one listing, in time order', () => {
    expect(
      timeGroups([item('b', 1_000_100), item('a', 1_000_000), item('c', 1_000_350)]).map((g) => g.map((i) => i.id)),
    ).toEqual([['a', 'b', 'c']]);
  });

  it('lists lines more than five minutes apart separately, so a replay of old events never lists the months between', () => {
    const groups = timeGroups([item('jan', 1_767_225_600), item('jan2', 1_767_225_700), item('jun', 1_780_272_000)]);
    expect(groups.map((g) => g.map((i) => i.id))).toEqual([['jan', 'jan2'], ['jun']]);
  });

  it('answers no groups for no lines', () => {
    expect(timeGroups([])).toEqual([]);
  });
});
