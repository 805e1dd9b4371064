import { moduleKeysDiffer } from '../../i18n/module-dictionary';
import { narrowingCopy } from './narrowing.copy';
import { narrowingRows } from './narrowing-summary';

describe('words and seller on the watchdog page', () => {
  it('lists wanted and refused words and a seller choice in both locales', () => {
    const c = { words: { any: ['balkon*', 'sklep'], none: ['drazba'] }, seller: 'agency' as const };
    expect(narrowingRows(c, 'cs')).toEqual([
      ['Musí obsahovat některé ze slov', 'balkon*, sklep'],
      ['Nesmí obsahovat žádné ze slov', 'drazba'],
      ['Prodávající', 'Jen realitní kanceláře'],
    ]);
    expect(narrowingRows({ ...c, seller: 'private' }, 'en')).toContainEqual(['Seller', 'Private sellers only']);
  });

  it('shows nothing for a watchdog without words that takes any seller', () => {
    expect(narrowingRows({ words: { any: [], none: [] }, seller: 'any' }, 'en')).toEqual([]);
  });

  it('has every string in both languages', () => {
    expect(moduleKeysDiffer(narrowingCopy)).toEqual([]);
  });
});
