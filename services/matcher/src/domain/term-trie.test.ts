import { OfferWords } from '@rr/proto';
import { TermTrie } from './term-trie';

const TERMS = [
  'balkon*', 'balkon', 'balkonem', 'b2', 'm2', 'kk', 'kk*', 'sklep', 'sklep*', 'garaz*', 'lodzi*', 'ulice', 'strasse', 'ss*', 'dvur*',
  'οδος', 'οδοσ', 'οδ*', 'cafe', 'zluto*', 'ł*', 'lodz', 'π*', '2', '2*', 'cesky*',
];
const TEXTS = [
  'Byt 2+kk s balkonem a sklepem', 'BALKÓN, Lodžie; garáž!', '„Balkón“ – ve sklepě', 'Café au lait, cafe', 'Straße 5, STRASSE',
  'ΟΔΟΣ οδος', 'Łódź, lodz', 'Cafe\u0301 e\u0301', 'm² 50 m2', 'Žluťoučký kůň — dvůr', '', '   ', 'kk', 'b2b, B2',
  'İstanbul, Český Krumlov', 'a\u0000b balkon', 'π=3.14 πόλη', '😀balkon😀 sklep',
];

describe('TermTrie', () => {
  it('finds exactly the terms OfferWords finds, whole words and prefixes, in texts the table folds and texts it does not', () => {
    const trie = new TermTrie();
    TERMS.forEach((term, id) => trie.add(term, id));
    const hits = new Int32Array(TERMS.length);
    TEXTS.forEach((text, k) => {
      const mark = k + 1;
      trie.scan(text, hits, mark);
      const words = new OfferWords(text);
      const found = TERMS.filter((_, id) => hits[id] === mark);
      expect([text, found]).toEqual([text, TERMS.filter((term) => words.has(term))]);
    });
  });

  it('finds nothing when no term was added', () => {
    const hits = new Int32Array(4);
    new TermTrie().scan('balkon sklep', hits, 1);
    expect([...hits]).toEqual([0, 0, 0, 0]);
  });
});
