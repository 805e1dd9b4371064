import { addTerms, isTerm } from './word-terms';

describe('word chips', () => {
  it('accepts single words and prefixes, refuses phrases, punctuation, one letter and over 40', () => {
    expect(['balkon', 'balkon*', 'Balkón*', '2kk', 'garáž'].map(isTerm)).toEqual([true, true, true, true, true]);
    expect(['b', '*balkon', 'bal*kon', '!!', '***', 'x'.repeat(41), 'dva slova'].map(isTerm)).toEqual([false, false, false, false, false, false, false]);
  });

  it('splits what was typed into terms, keeps each once whatever its case and accents, and names the rest', () => {
    expect(addTerms(['balkon*'], 'Balkón*, sklep; garáž !!')).toEqual({ terms: ['balkon*', 'sklep', 'garáž'], invalid: ['!!'], overLimit: false });
    expect(addTerms([], '   ')).toEqual({ terms: [], invalid: [], overLimit: false });
  });

  it('stops at the limit and says so', () => {
    const full = Array.from({ length: 19 }, (_, i) => `slovo${i}`);
    expect(addTerms(full, 'jedno dve')).toEqual({ terms: [...full, 'jedno'], invalid: [], overLimit: true });
  });
});
