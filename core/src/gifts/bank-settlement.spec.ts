import { businessDayAfter } from './bank-settlement.js';

describe('businessDayAfter', () => {
  it('counts Monday to Friday only', () => {
    expect(businessDayAfter('2026-11-23')).toBe('2026-11-27'); // Monday -> Friday
    expect(businessDayAfter('2026-11-26')).toBe('2026-12-02'); // Thursday -> next Wednesday
    expect(businessDayAfter('2026-11-28')).toBe('2026-12-03'); // Saturday -> Thursday
    expect(businessDayAfter('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('refuses what is not a day', () => {
    expect(() => businessDayAfter('soon')).toThrow(RangeError);
  });
});
