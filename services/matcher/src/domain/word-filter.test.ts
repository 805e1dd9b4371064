import { OfferWords, WordsCriterion, wordsAllow } from '@rr/proto';
import { NARROW_CODE_SHIFT, WORDS } from './entry-flags';
import { WordFilter } from './word-filter';

const TERMS = ['balkon*', 'balkonem', 'sklep', 'sklep*', 'garaz*', 'drazb*', 'panel*', 'vytah', 'zahrada', 'cihl*'];
const TEXTS = [
  'Byt s balkonem a sklepem', 'Dražba bytu, panelový dům', 'Cihlový dům se zahradou', 'Sklep, výtah, garáž', '', 'Balkón. Zahrada!',
  '„Balkón“ – sklep', 'Cihlá é ZAHRADA',
];

describe('WordFilter', () => {
  it('answers as wordsAllow for every criterion and offer, across offers', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = (n: number) => Array.from({ length: n }, () => TERMS[Math.floor(random() * TERMS.length)]);
    const criteria = Array.from({ length: 300 }, () => WordsCriterion.parse({ any: pick(Math.floor(random() * 3)), none: pick(Math.floor(random() * 2)) }));
    const filter = new WordFilter();
    criteria.forEach((c, slot) => filter.set(slot, c));
    for (const text of TEXTS) {
      filter.begin({ title: 'Prodej', description: text });
      const words = new OfferWords('Prodej', text);
      criteria.forEach((c, slot) => {
        const filed = c.any.length + c.none.length > 0;
        expect(filter.has(slot)).toBe(filed);
        if (filed) expect([slot, text, filter.allows(slot)]).toEqual([slot, text, wordsAllow(c, words)]);
      });
    }
  });

  it('answers alike for criteria whose terms fit the bit masks and those past the 32nd term', () => {
    const many = Array.from({ length: 40 }, (_, i) => `slovo${i}`);
    const filter = new WordFilter();
    const criteria = [
      WordsCriterion.parse({ any: many.slice(0, 20) }),
      WordsCriterion.parse({ any: many.slice(20, 40) }),
      WordsCriterion.parse({ any: ['slovo35'], none: ['slovo1'] }),
      WordsCriterion.parse({ any: ['slovo2', 'slovo39'] }),
      WordsCriterion.parse({ none: ['slovo38'] }),
      WordsCriterion.parse({ any: ['slovo3'], none: ['slovo4'] }),
    ];
    criteria.forEach((c, slot) => filter.set(slot, c));
    for (const text of ['slovo35 a slovo1', 'slovo35', 'slovo39', 'slovo38 slovo3', 'slovo3 slovo4', 'slovo3', 'nic']) {
      filter.begin({ title: text });
      const words = new OfferWords(text);
      const verdicts = new Uint8Array(criteria.length);
      filter.decide(Int32Array.from(criteria.keys()), new Int32Array(criteria.length).fill(WORDS), criteria.length, verdicts);
      expect([text, [...verdicts].map(Boolean)]).toEqual([text, criteria.map((c) => wordsAllow(c, words))]);
      // The same answers through the short codes an index row would carry.
      const coded = new Uint8Array(criteria.length);
      const metas = Int32Array.from(criteria, (c) => WORDS | (filter.codeOf(c) << NARROW_CODE_SHIFT));
      filter.decide(new Int32Array(criteria.length).fill(1 << 20), metas, criteria.length, coded);
      expect([text, [...coded]]).toEqual([text, [...verdicts]]);
      // And decided all at once for the index's walk: by code, 0 (no code) allowing.
      const byCode = filter.codeVerdicts();
      expect([text, criteria.map((c) => byCode[filter.codeOf(c)]), byCode[0]]).toEqual([text, [...verdicts], 1]);
    }
  });

  it('shares one run between slots that ask the same, and answers each offer afresh', () => {
    const filter = new WordFilter();
    for (let slot = 0; slot < 4; slot++) filter.set(slot, WordsCriterion.parse({ any: ['balkon*'], none: ['drazb*'] }));
    filter.begin({ title: 'Byt s balkonem' });
    expect([0, 1, 2, 3].map((slot) => filter.allows(slot))).toEqual([true, true, true, true]);
    filter.begin({ title: 'Byt s balkonem', description: 'Dražba' });
    expect([0, 3].map((slot) => filter.allows(slot))).toEqual([false, false]);
    filter.begin({ title: 'Byt', description: null });
    expect(filter.allows(2)).toBe(false);
    expect(filter.allows(9)).toBe(true);
  });

  it('files nothing for a criterion without terms, and knows slots it never saw', () => {
    const filter = new WordFilter();
    filter.set(3, WordsCriterion.parse({}));
    filter.set(5, WordsCriterion.parse({ any: ['sklep'] }));
    expect([filter.has(3), filter.has(5), filter.has(4), filter.has(1_000_000)]).toEqual([false, true, false, false]);
  });
});
