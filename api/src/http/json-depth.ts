/**
 * How deeply a JSON text nests arrays and objects, read from its UTF-8 bytes in one pass with a counter: no
 * recursion and no parsing, so a body of a hundred thousand `[` costs a fraction of a millisecond and cannot
 * exhaust the stack. class-transformer (behind Nest's ValidationPipe) recurses once per level and overflowed
 * the stack at about 3,000 levels (a 6 kB body answered 500); Postgres refuses jsonb nested too deeply.
 *
 * Bytes inside strings do not count: a `"` opens and closes a string, a `\` inside one skips the next byte.
 * UTF-8 never puts an ASCII byte inside a multi-byte character, so the scan is exact for well-formed JSON;
 * for malformed text its answer does not matter, the parser refuses the text anyway.
 */
export function jsonNestingExceeds(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > limit) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

/**
 * Request bodies of the API (forms and admin calls) nest two levels at most (`donationData` inside the
 * payment-intent body); eight leaves room for growth and refuses everything an attacker gains by depth.
 */
export const API_JSON_DEPTH_LIMIT = 8;

/**
 * Stripe events: Stripe's own example objects nest at most 9 levels (an invoice with its lines, prices and
 * tax details), 11 inside the event envelope. 32 is three times that and far below anything Postgres or our
 * projections mind.
 */
export const WEBHOOK_JSON_DEPTH_LIMIT = 32;

export const tooDeepMessage = (limit: number) =>
  `JSON body nested too deeply (at most ${limit} levels of arrays and objects)`;
