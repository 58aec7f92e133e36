import { authed, signIn } from '../helpers/admin.js';
import { startStack, type Stack } from '../helpers/stack.js';

/**
 * Every file csv-parse cannot read is a 400 with a sentence, never a 500, and leaves no import behind: a quote
 * inside an unquoted value (csv-parse's INVALID_OPENING_QUOTE, whose code lacks the CSV_ prefix), a value going
 * on after its closing quote, a quote never closed, a row past the size limit.
 */
let stack: Stack;
let api: ReturnType<typeof authed>;

beforeAll(async () => {
  stack = await startStack();
  api = authed(stack, (await signIn(stack)).token);
}, 60_000);
afterAll(() => stack?.stop());

const upload = (text: string) =>
  api.post('/api/admin/donor-imports?fileName=old.csv').set('Content-Type', 'text/csv').send(Buffer.from(text));

describe('a CSV the parser cannot read is refused with a sentence', () => {
  it.each([
    [
      'a quote inside an unquoted value',
      'Name,Amount,Date\nAnn Lee,5,2024-01-02\nAnn "Nan" Lee,1,2024-01-02\n',
      'This file could not be read as a CSV: a value has a quote mark (") in it but does not start with one at line 3.',
    ],
    [
      'text after a closing quote',
      'Name,Amount,Date\n"Ann" Lee,1,2024-01-02\n',
      'This file could not be read as a CSV: a quoted value goes on after its closing quote mark (") at line 2.',
    ],
    [
      'a quote never closed',
      'Name,Amount,Date\n"Ann Lee,1,2024-01-02\n',
      'This file could not be read as a CSV: a quote mark (") is opened and never closed at line 2.',
    ],
    [
      'a row over 64 kB',
      `Name,Amount,Date\n${'x'.repeat(70_000)},1,2024-01-02\n`,
      'This file could not be read as a CSV: a row is longer than 64 kB at line 2.',
    ],
  ])('%s', async (_what, text, sentence) => {
    const res = await upload(text);
    expect({ status: res.status, message: res.body.message }).toEqual({
      status: 400,
      message: `${sentence} Open it in a spreadsheet program and save it again as "CSV UTF-8 (comma delimited)", which quotes such values for you.`,
    });
    const [{ n }] = await stack.db.query(`SELECT count(*)::int AS n FROM donor_imports`);
    expect(n).toBe(0);
  });
});
