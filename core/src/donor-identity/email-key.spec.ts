import { adminEmailThrottleKey, emailKey, emailKeyHash, sameDonorEmail } from './email-key.js';

describe('emailKey (donor identity: what makes two typed e-mails the same donor)', () => {
  it('folds ASCII letters and trims spaces, tabs and line breaks; nothing else', () => {
    expect(emailKey(' \tAlice@Example.ORG\r\n')).toBe('alice@example.org');
    // Turkish dotted capital I, in the local part and in the domain: JavaScript and Postgres lower() make it "i".
    expect(emailKey('alİce@example.org')).not.toBe(emailKey('alice@example.org'));
    expect(emailKey('erin@gmaİl.com')).not.toBe(emailKey('erin@gmail.com'));
    expect(emailKey('\u212Aate@example.org')).not.toBe(emailKey('kate@example.org')); // Kelvin sign
    expect(emailKey('JOSÉ@example.org')).toBe('josÉ@example.org');
    expect(emailKey('\u00A0a@example.org')).toBe('\u00A0a@example.org'); // no-break space: not trimmed
  });

  it('hashes the same key for throttles, holding no address in clear', () => {
    expect(emailKeyHash(' ALICE@example.org')).toBe(emailKeyHash('alice@EXAMPLE.org'));
    expect(emailKeyHash('alİce@example.org')).not.toBe(emailKeyHash('alice@example.org'));
    expect(emailKeyHash('alice@example.org')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('compares two stored addresses, a missing one never the same', () => {
    expect(sameDonorEmail('Rosa@Home.example', 'rosa@home.example')).toBe(true);
    expect(sameDonorEmail('rosa@home.example', 'rosa.lind@work.example')).toBe(false);
    expect(sameDonorEmail(null, null)).toBe(false);
  });
});

describe('adminEmailThrottleKey (how the admin throttle counts a typed e-mail)', () => {
  it('puts every spelling Postgres citext matches to one account on one key', () => {
    const key = adminEmailThrottleKey('admin@example.org');
    // Turkish dotted capital I: JavaScript lower-cases it to "i" + U+0307, Postgres (citext) to "i".
    for (const typed of [
      'admİn@example.org',
      'ADMIN@EXAMPLE.ORG',
      ' Admin@Example.org ',
      'admin@example.org'.normalize('NFD'),
    ]) {
      expect(adminEmailThrottleKey(typed)).toBe(key);
    }
    expect(adminEmailThrottleKey('\u212Aate@example.org')).toBe(adminEmailThrottleKey('kate@example.org')); // Kelvin sign
    expect(adminEmailThrottleKey('ΑΣ@example.org')).toBe(adminEmailThrottleKey('ασ@example.org')); // final sigma
  });

  it('keeps different addresses apart and holds no address in clear', () => {
    expect(adminEmailThrottleKey('admin@example.org')).not.toBe(adminEmailThrottleKey('admin2@example.org'));
    expect(adminEmailThrottleKey('admin@example.org')).toMatch(/^[0-9a-f]{32}$/);
  });
});
