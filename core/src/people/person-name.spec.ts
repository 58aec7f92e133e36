import { nameProblem } from './person-name.js';

describe('nameProblem: a name looks like a name', () => {
  it.each([
    "O'Brien",
    'José Núñez',
    'Mary-Kate Olsen',
    'John Smith Jr.',
    'St. John',
    'St.John',
    'J.R.R. Tolkien',
    'Smith & Sons, Inc.',
    "Anne-Marie D'Arcy-Smythe III",
    '李小龍',
    'محمد',
    "Ngũgĩ wa Thiong'o",
    'Mr. T (the 1st)',
    'Zoë Ångström',
  ])('accepts %s', (name) => {
    expect(nameProblem(name, 'firstName')).toBeNull();
  });

  it.each([
    ['Your account is locked, verify at http://evil.invalid/login', 'firstName cannot contain a web or e-mail address'],
    ['verify at evil.invalid/login', 'firstName cannot contain a web or e-mail address'],
    ['bit.ly/x', 'firstName cannot contain a web or e-mail address'],
    ['example.com', 'firstName cannot contain a web or e-mail address'],
    ['www.example.org', 'firstName cannot contain a web or e-mail address'],
    ['write to help@evil.example', 'firstName cannot contain a web or e-mail address'],
    ['<b>Ada</b>', 'firstName cannot contain < or >'],
    ['Ada\r\nBcc: victim@example.org', 'firstName must be one line of plain text'],
    ['Ada\u0000', 'firstName must be one line of plain text'],
    ['Ada\u2028Lovelace', 'firstName must be one line of plain text'],
    ['Ada\u202Enimda', 'firstName must be one line of plain text'],
  ])('refuses %j', (name, message) => {
    expect(nameProblem(name, 'firstName')).toBe(message);
  });
});
