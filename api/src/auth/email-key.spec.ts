import { emailKey } from './attempt-throttle.service.js';

describe('emailKey (how the throttle counts a typed e-mail)', () => {
  it('puts every spelling Postgres citext matches to one account on one key', () => {
    const key = emailKey('admin@example.org');
    // Turkish dotted capital I: JavaScript lower-cases it to "i" + U+0307, Postgres (citext) to "i".
    for (const typed of ['admİn@example.org', 'ADMIN@EXAMPLE.ORG', ' Admin@Example.org ', 'admin@example.org'.normalize('NFD')]) {
      expect(emailKey(typed)).toBe(key);
    }
    expect(emailKey('\u212Aate@example.org')).toBe(emailKey('kate@example.org')); // Kelvin sign
    expect(emailKey('ΑΣ@example.org')).toBe(emailKey('ασ@example.org')); // final sigma
  });

  it('keeps different addresses apart and holds no address in clear', () => {
    expect(emailKey('admin@example.org')).not.toBe(emailKey('admin2@example.org'));
    expect(emailKey('admin@example.org')).toMatch(/^[0-9a-f]{32}$/);
  });
});
