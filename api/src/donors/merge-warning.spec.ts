import { selfServiceWarning } from './donor-merges.service.js';

describe('selfServiceWarning (the merge preview: which address keeps My Giving)', () => {
  it('says nothing when the duplicate has no address or the same donor address in other ASCII letters', () => {
    expect(selfServiceWarning('rosa@home.example', null)).toBeNull();
    expect(selfServiceWarning(null, null)).toBeNull();
    expect(selfServiceWarning('Rosa@Home.example', ' rosa@home.EXAMPLE')).toBeNull();
  });

  it('names the address that keeps it and the one that loses it, a look-alike included', () => {
    expect(selfServiceWarning('alice@example.org', 'alİce@example.org')).toContain(
      "only alice@example.org (the kept record's) signs in to My Giving for these gifts; alİce@example.org no longer does.",
    );
    expect(selfServiceWarning(null, 'rosa@work.example')).toBe(
      'The kept record has no e-mail address: after the merge, no one signs in to My Giving for these gifts; rosa@work.example no longer does. Add the e-mail to the kept record first, or merge the other way.',
    );
  });
});
