import { foldText } from '@rr/proto';

/** Lower case without diacritics and with single spaces, so `Plzeň`, `PLZEN` and `plzen ` compare equal. */
export function fold(text: string): string {
  return foldText(text).replace(/\s+/g, ' ').trim();
}

const LOWER_WORDS = new Set(['nad', 'pod', 'u', 'v', 've', 'na', 'při', 'pri', 'a']);

/**
 * The open-data list writes 11 statutory cities in capitals (`HRADEC KRÁLOVÉ`); Czech place names
 * capitalise every word except the prepositions (`Ústí nad Labem`) and every part of a
 * hyphenated name (`Frýdek-Místek`).
 */
export function fixCapitals(name: string): string {
  if (name !== name.toUpperCase() || !/\p{L}/u.test(name)) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((word, i) => (i > 0 && LOWER_WORDS.has(word) ? word : word.split('-').map(capitalise).join('-')))
    .join(' ');
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `37001` → `370 01`, the way Czech postcodes are printed. */
export const formatPostcode = (psc: string) => (psc.length === 5 ? `${psc.slice(0, 3)} ${psc.slice(3)}` : psc);
