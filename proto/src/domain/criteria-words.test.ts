import { OfferWords, WordsCriterion, canonicalTerm, foldText, termImplies, wordsAllow, wordsContain } from './criteria-words';

const words = (any: string[] = [], none: string[] = []) => WordsCriterion.parse({ any, none });
const offer = (title: string, description = '') => new OfferWords(title, description);

describe('words in offers', () => {
  it('folds case and diacritics', () => {
    expect(foldText('Balkón, ŽLUŤOUČKÝ kůň')).toBe('balkon, zlutoucky kun');
    expect(canonicalTerm('  Balkón* ')).toBe('balkon*');
  });

  it('refuses terms that are not one word of 2–40 letters or digits', () => {
    for (const bad of ['', 'a', '***', 'dva slova', 'x'.repeat(41), '*balkon', 'bal*kon', '!!']) expect(canonicalTerm(bad)).toBeNull();
    expect(() => words(['dva slova'])).toThrow(/one word/);
    expect(() => words(Array.from({ length: 21 }, (_, i) => `slovo${i}`))).toThrow();
    expect(words(['Sklep', 'sklep', 'SKLEP']).any).toEqual(['sklep']);
  });

  it('matches a whole word only as a whole word, and a prefix in any inflection', () => {
    const text = offer('Byt 2+kk s balkonem', 'Ve sklepě je místo. Garáž za příplatek.');
    expect(wordsAllow(words(['balkon']), text)).toBe(false);
    expect(wordsAllow(words(['balkon*']), text)).toBe(true);
    expect(wordsAllow(words(['sklep']), text)).toBe(false);
    expect(wordsAllow(words(['sklep*']), text)).toBe(true);
    expect(wordsAllow(words(['garaz']), text)).toBe(true);
    expect(wordsAllow(words(['kk']), text)).toBe(true); // '2+kk' is the words '2' and 'kk'
  });

  it('needs one of the wanted terms and none of the refused ones', () => {
    const text = offer('Rodinný dům', 'Zahrada, bazén, dražba nemovitosti');
    expect(wordsAllow(words(['bazen', 'sauna']), text)).toBe(true);
    expect(wordsAllow(words(['sauna', 'krb']), text)).toBe(false);
    expect(wordsAllow(words([], ['drazb*']), text)).toBe(false);
    expect(wordsAllow(words(['bazen'], ['podil*']), text)).toBe(true);
    expect(wordsAllow(words(), offer(''))).toBe(true);
    expect(wordsAllow(words(['zahrad*']), offer(''))).toBe(false);
  });
});

describe('containment of word criteria', () => {
  it('knows which term implies which', () => {
    expect(termImplies('balkon*', 'balkonem')).toBe(true);
    expect(termImplies('balkon*', 'balkony*')).toBe(true);
    expect(termImplies('balkony*', 'balkon*')).toBe(false);
    expect(termImplies('balkon', 'balkon*')).toBe(false);
    expect(termImplies('balkon', 'balkon')).toBe(true);
  });

  it('covers a narrower wanted list by a broader one, never an unrestricted one by a restricted one', () => {
    expect(wordsContain(words(), words(['sklep']))).toBe(true);
    expect(wordsContain(words(['sklep*', 'garaz']), words(['sklepem', 'garaz']))).toBe(true);
    expect(wordsContain(words(['sklep']), words(['sklep', 'garaz']))).toBe(false);
    expect(wordsContain(words(['sklep']), words())).toBe(false);
  });

  it('covers when the narrower watchdog refuses at least what the broader one refuses', () => {
    expect(wordsContain(words([], ['drazba']), words([], ['drazb*']))).toBe(true);
    expect(wordsContain(words([], ['drazb*']), words([], ['drazba']))).toBe(false);
    expect(wordsContain(words(), words([], ['drazba']))).toBe(true);
    expect(wordsContain(words([], ['drazba']), words())).toBe(false);
  });
});
