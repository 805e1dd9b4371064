import { isEmail, normaliseEmail } from './email';

describe('e-mail', () => {
  it.each(['ahoj@seznam.cz', 'jana.novakova+rr@example.co.uk', ' Ahoj@Email.CZ '])('accepts %s', (e) => expect(isEmail(e)).toBe(true));
  it.each(['', 'ahoj', 'ahoj@', 'ahoj@seznam', 'a b@seznam.cz', 'ahoj@seznam.c', `${'a'.repeat(250)}@seznam.cz`, 42])('refuses %s', (e) =>
    expect(isEmail(e)).toBe(false));
  it('normalises case and spaces', () => expect(normaliseEmail(' Ahoj@Email.CZ ')).toBe('ahoj@email.cz'));
});
