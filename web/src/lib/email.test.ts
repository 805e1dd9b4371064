import { editDistance, emailProblem, emailSuggestions, isEmailFormat, TYPO_DOMAINS } from './email';

describe('e-mail typo suggestions', () => {
  it('suggests gmail.com for a one-letter slip in gmail', () => {
    expect(emailSuggestions('jana@gmial.com')).toEqual(['jana@gmail.com']);
  });

  it('suggests seznam.cz for seznma.cz and keeps the local part', () => {
    expect(emailSuggestions('Petr.Novak@seznma.cz')).toEqual(['Petr.Novak@seznam.cz']);
  });

  it('offers nothing for a correct known domain', () => {
    expect(emailSuggestions('jana@seznam.cz')).toEqual([]);
    expect(emailSuggestions('jana@GMAIL.com')).toEqual([]);
  });

  it('offers nothing when the best distance is above two', () => {
    expect(emailSuggestions('jana@firma-novak.cz')).toEqual([]);
  });

  it('offers every domain at the best distance, those with the same first letter first', () => {
    // "centrum.ck" is one edit from both centrum.cz and centrum.sk
    expect(emailSuggestions('a@centrum.ck')).toEqual(['a@centrum.cz', 'a@centrum.sk']);
    expect(emailSuggestions('a@hmail.com')).toEqual(['a@gmail.com']);
  });

  it('puts domains with the same first letter first among equally close ones', () => {
    expect(emailSuggestions('x@tmail.cz', ['amail.cz', 'tmail.co', 'zmail.cz'])).toEqual(['x@tmail.co', 'x@amail.cz', 'x@zmail.cz']);
    expect(emailSuggestions('x@mail.cz', ['gmail.com', 'mail.ru', 'email.cz'])).toEqual(['x@email.cz']);
  });

  it('fills the spec list with gmail, hotmail, icloud, outlook and yahoo, alphabetically', () => {
    expect(TYPO_DOMAINS).toHaveLength(15);
    expect([...TYPO_DOMAINS]).toEqual([...TYPO_DOMAINS].sort());
    expect(TYPO_DOMAINS).toEqual(expect.arrayContaining(['gmail.com', 'hotmail.com', 'icloud.com', 'outlook.com', 'yahoo.com']));
  });

  it('computes the Levenshtein distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('seznam.cz', 'seznam.cz')).toBe(0);
  });
});

describe('e-mail validation', () => {
  it('requires a value', () => {
    expect(emailProblem('  ')).toBe('emailRequired');
  });
  it('rejects addresses without a proper domain', () => {
    expect(emailProblem('jana@seznam')).toBe('emailFormat');
    expect(emailProblem('jana seznam.cz')).toBe('emailFormat');
    expect(isEmailFormat('jana@seznam.cz')).toBe(true);
    expect(isEmailFormat('j.n+tag@sub.example.co.uk')).toBe(true);
  });
});
