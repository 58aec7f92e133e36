import { Readable } from 'node:stream';
import { NotCsvError, streamCsv } from './csv-upload.js';
import { readRow, suggestMapping } from './import-row.js';

const TZ = 'America/Chicago';
const NOW = new Date('2026-03-10T12:00:00Z');
const MAP = { name: 0, email: 1, giftDate: 2, amount: 3, type: 4, note: 5, address: 6, zip: 7 };

async function collect(text: string | Buffer, max?: number) {
  const staged: { rowNumber: number; cells: string[] }[] = [];
  const read = await streamCsv(
    Readable.from([Buffer.from(text)]),
    async (rows) => {
      staged.push(...rows);
    },
    max,
  );
  return { ...read, staged };
}

describe('streamCsv', () => {
  it('numbers rows as the spreadsheet does, keeps quoted commas and line breaks, drops the BOM and blank lines', async () => {
    const r = await collect('\uFEFFName,Amount\r\n"Doe, Jane",25\r\n\r\n"Multi\nline",5\r\n');
    expect(r.headers).toEqual(['Name', 'Amount']);
    expect(r.rowCount).toBe(2);
    expect(r.staged).toEqual([
      { rowNumber: 2, cells: ['Doe, Jane', '25'] },
      { rowNumber: 3, cells: ['Multi\nline', '5'] },
    ]);
  });

  it.each([
    [Buffer.from('PK\u0003\u0004rest', 'latin1'), /looks like an Excel workbook/],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), /old Excel \(\.xls\)/],
    [Buffer.from('a,b\u0000c'), /a binary file/],
    ['only-one-column\nx\n', /^This file is not a CSV with a header row/],
    ['a,b\n', /^This CSV has a header row but no rows of gifts/],
    ['a,b\n"open,1\n', /^This file could not be read as a CSV/],
    [
      'a,b\nAnn "Nan" Lee,1\n',
      /^This file could not be read as a CSV: a value has a quote mark \("\) in it but does not start with one at line 2\./,
    ],
  ])('refuses %j with a sentence', async (input, message) => {
    await expect(collect(input)).rejects.toThrow(message);
  });

  it('stops reading past the size limit', async () => {
    const err = await collect(`a,b\n${'1,2\n'.repeat(1000)}`, 1024).catch((e) => e);
    expect(err).toBeInstanceOf(NotCsvError);
  });
});

describe('readRow', () => {
  const row = (over: Partial<Record<keyof typeof MAP, string>> = {}) => {
    const v = {
      name: ' Jane  Doe ',
      email: 'Jane@Example.ORG',
      giftDate: '3/7/2024',
      amount: '$1,250.00',
      type: 'In-Kind',
      note: 'Check #12',
      address: '1 Elm',
      zip: '72650',
      ...over,
    };
    return Object.entries(MAP)
      .sort((a, b) => a[1] - b[1])
      .map(([k]) => v[k as keyof typeof v]);
  };

  it('reads a spreadsheet row into a manual gift: US dates, $ amounts, in-kind, lower-cased e-mail', async () => {
    const r = await readRow(row(), MAP, TZ, NOW);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    expect(r.value.gift).toMatchObject({
      donorName: 'Jane Doe',
      donorEmail: 'jane@example.org',
      amountCents: 125000,
      donationType: 'item',
      notes: 'Check #12',
    });
    expect(r.value.gift.donationDate.toISOString()).toBe('2024-03-07T18:00:00.000Z');
    expect(r.value.donorKey).toBe('e:jane@example.org');
  });

  it('gives the same key to the same gift however it is spelled, and another key to another gift', async () => {
    const a = await readRow(row(), MAP, TZ, NOW);
    const b = await readRow(
      row({ email: 'jane@example.org', giftDate: '2024-03-07', amount: '1250', type: 'in kind' }),
      MAP,
      TZ,
      NOW,
    );
    const c = await readRow(row({ amount: '1250.01' }), MAP, TZ, NOW);
    expect(a.ok && b.ok && c.ok).toBe(true);
    if (a.ok && b.ok && c.ok) {
      expect(a.value.rowKey).toBe(b.value.rowKey);
      expect(c.value.rowKey).not.toBe(a.value.rowKey);
    }
  });

  it('keys a donor without e-mail by name, address and ZIP', async () => {
    const r = await readRow(row({ email: '' }), MAP, TZ, NOW);
    expect(r.ok && r.value.donorKey).toBe('n:jane doe|1 elm|72650');
  });

  it.each([
    [{ type: 'barter' }, 'type', 'barter', 'Unknown gift type (use cash, check, stock, in-kind or crypto)'],
    [{ amount: '0' }, 'amount', '0', 'Enter a valid amount (e.g., 25.00 or 1,250.00)'],
    [{ giftDate: '' }, 'giftDate', '', 'Donation date is required'],
    [{ giftDate: '3/11/2026' }, 'giftDate', '3/11/2026', 'Donation date cannot be in the future'],
    [{ name: '  ' }, 'name', '', 'Donor name is required'],
  ])('refuses %j with the manual-gift rule, naming the field and its text', async (over, field, value, message) => {
    const r = await readRow(row(over), MAP, TZ, NOW);
    expect(r.ok ? null : r.problems).toEqual([{ field, value, message }]);
  });

  it('names every problem of a row at once, each with its text, in the order of the fields', async () => {
    const r = await readRow(
      row({ amount: 'lots', giftDate: '13/45/2021', type: 'barter', email: 'not-an-email' }),
      MAP,
      TZ,
      NOW,
    );
    expect(r.ok ? null : r.problems).toEqual([
      { field: 'email', value: 'not-an-email', message: 'Enter a valid email address or leave it empty' },
      {
        field: 'giftDate',
        value: '13/45/2021',
        message: 'Donation date must be a valid date (YYYY-MM-DD or an ISO timestamp)',
      },
      { field: 'amount', value: 'lots', message: 'Enter a valid amount (e.g., 25.00 or 1,250.00)' },
      { field: 'type', value: 'barter', message: 'Unknown gift type (use cash, check, stock, in-kind or crypto)' },
    ]);
    expect(r.shown).toMatchObject({ date: '13/45/2021', amountCents: null, amountText: 'lots', type: 'barter' });
  });

  it('shows a good row as read: its day, cents, type and fund', async () => {
    const r = await readRow(row(), MAP, TZ, NOW);
    expect(r.shown).toEqual({
      name: 'Jane Doe',
      email: 'Jane@Example.ORG',
      date: '2024-03-07',
      amountCents: 125000,
      amountText: '$1,250.00',
      type: 'item',
      fund: 'General',
    });
  });

  it('joins first-name and last-name columns into the donor name', async () => {
    const split = { firstName: 0, lastName: 1, giftDate: 2, amount: 3 };
    const r = await readRow([' Ann ', 'Lee', '2024-03-07', '25'], split, TZ, NOW);
    expect(r.ok && r.value.gift.donorName).toBe('Ann Lee');
    const blank = await readRow(['', ' ', '2024-03-07', '25'], split, TZ, NOW);
    expect(blank.ok ? null : blank.problems).toEqual([{ field: 'name', value: '', message: 'Donor name is required' }]);
  });
});

describe('suggestMapping', () => {
  it('recognises the usual header names', () => {
    expect(
      suggestMapping([
        'Full Name',
        'Email Address',
        'Phone',
        'Street Address',
        'City',
        'State',
        'Zip Code',
        'Gift Date',
        'Amount',
        'Payment Method',
        'Memo',
      ]),
    ).toEqual({
      name: 0,
      email: 1,
      phone: 2,
      address: 3,
      city: 4,
      state: 5,
      zip: 6,
      giftDate: 7,
      amount: 8,
      type: 9,
      note: 10,
    });
    expect(suggestMapping(['Whatever', 'Else'])).toEqual({});
    expect(suggestMapping(['First Name', 'Last Name', 'Date', 'Amount'])).toEqual({
      firstName: 0,
      lastName: 1,
      giftDate: 2,
      amount: 3,
    });
    expect(suggestMapping(['Given name', 'Surname', 'Donation Date', 'Gift Amount'])).toEqual({
      firstName: 0,
      lastName: 1,
      giftDate: 2,
      amount: 3,
    });
  });
});

describe('readRow: the fund column', () => {
  const FUND_MAP = { name: 0, giftDate: 1, amount: 2, fund: 3 };
  const funds = new Map([
    ['general', 1],
    ['transportation', 2],
  ]);

  it('finds the fund by name in any letter case; a blank cell or no fund column is General', async () => {
    const read = async (cells: string[], map: Record<string, number> = FUND_MAP) => {
      const r = await readRow(cells, map, TZ, NOW, funds);
      return r.ok ? r.value.gift.fundId : r.problems;
    };
    expect(await read(['Ann Lee', '2024-03-07', '25', 'TRANSPORTATION'])).toBe(2);
    expect(await read(['Ann Lee', '2024-03-07', '25', ''])).toBe(1);
    expect(await read(['Ann Lee', '2024-03-07', '25'], { name: 0, giftDate: 1, amount: 2 })).toBe(1);
    expect(await read(['Ann Lee', '2024-03-07', '25', 'Roof'])).toEqual([
      {
        field: 'fund',
        value: 'Roof',
        message: 'Unknown fund (add it on the Funds page first, or use general, transportation)',
      },
    ]);
  });

  it('suggests the fund column from its header', () => {
    expect(suggestMapping(['Name', 'Date', 'Amount', 'Designation']).fund).toBe(3);
  });
});
