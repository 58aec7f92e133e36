import fc from 'fast-check';
import { jsonNestingExceeds } from './json-depth.js';

/** The depth by definition (recursive: fine for the shallow values fast-check builds). */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(v as object).map(depthOf));
}

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('jsonNestingExceeds', () => {
  it('agrees with the definition on any JSON value, brackets, quotes and backslashes inside strings included', () => {
    // Without the u flag either half of the emoji can come alone too: a lone surrogate inside a string is one more
    // input the scan must get right.
    // eslint-disable-next-line no-misleading-character-class -- both halves are wanted, as said above
    const tricky = fc.stringMatching(/^[[\]{}"\\a é😀]{0,12}$/);
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        tricky,
        fc.integer(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(tricky, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 6 }), fc.boolean(), (v, limit, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        expect(jsonNestingExceeds(utf8(text), limit)).toBe(depthOf(v) > limit);
      }),
      { numRuns: 3000 },
    );
  });

  it('counts a hundred thousand levels without recursing', () => {
    const deep = utf8('['.repeat(100000) + ']'.repeat(100000));
    expect(jsonNestingExceeds(deep, 99999)).toBe(true);
    expect(jsonNestingExceeds(deep, 100000)).toBe(false);
    expect(jsonNestingExceeds(utf8(`{"a":${'{"b":'.repeat(9)}1${'}'.repeat(9)}}`), 10)).toBe(false);
  });

  it('does not count brackets inside strings', () => {
    expect(jsonNestingExceeds(utf8(JSON.stringify({ note: '[[[[[[[[[[{{{{{{', quote: 'a\\"[[[[[' })), 1)).toBe(false);
  });
});
