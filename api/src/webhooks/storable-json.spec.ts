import fc from 'fast-check';
import { storableJson } from './stripe-webhook.service.js';

describe('storableJson', () => {
  it('drops exactly the NUL characters of any JSON text, whatever the backslashes around them', () => {
    // eslint-disable-next-line no-control-regex -- NUL is the character under test
    const tricky = fc.stringMatching(/^[\\u0\x00"a]{0,24}$/);
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 40 })), (s) => {
        const stored = storableJson(JSON.stringify({ name: s, nested: [s] }));
        expect(stored).not.toMatch(/(?<!\\)(\\\\)*\\u0000/);
        expect(JSON.parse(stored)).toEqual({ name: s.replace(/\0/g, ''), nested: [s.replace(/\0/g, '')] });
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves text without NULs untouched, the escaped backslash before "u0000" included', () => {
    const raw = JSON.stringify({ path: 'C:\\u0000dir', note: 'plain' });
    expect(storableJson(raw)).toBe(raw);
  });
});
