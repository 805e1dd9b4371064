import { moduleDictionary } from '../../i18n/module-dictionary';

/** The words and seller fields' strings (their own chunk, loaded with "more filters"), and their rows on the watchdog page. */
const copy = moduleDictionary({
  cs: {
    'narrowing.wordsAny': 'Musí obsahovat některé ze slov',
    'narrowing.wordsNone': 'Nesmí obsahovat žádné ze slov',
    'narrowing.wordsHint': 'V nadpisu nebo popisu, bez ohledu na velikost písmen a diakritiku. Hvězdička na konci najde i další tvary: balkon* najde balkon, balkonem i balkony.',
    'narrowing.wordPlaceholder': 'např. balkon*',
    'narrowing.add': 'Přidat',
    'narrowing.remove': 'Odebrat slovo {term}',
    'narrowing.invalid': 'Zadejte jednotlivá slova o 2–40 písmenech nebo číslicích, bez mezer (nepřidáno: {terms})',
    'narrowing.overLimit': 'Zadejte nejvýše {max} slov',
    'narrowing.seller': 'Prodávající',
    'narrowing.seller.any': 'Kdokoli',
    'narrowing.seller.private': 'Jen soukromí prodejci',
    'narrowing.seller.agency': 'Jen realitní kanceláře',
    'narrowing.sellerHint': 'Ne každý portál prodávajícího uvádí; nabídky, u kterých ho neznáme, dostanete jen s volbou Kdokoli.',
    'narrowing.paid': 'Slova a volba prodávajícího jsou součástí předplatného.',
  },
  en: {
    'narrowing.wordsAny': 'Must contain any of the words',
    'narrowing.wordsNone': 'Must not contain any of the words',
    'narrowing.wordsHint': 'In the title or description, whatever the case and accents. A star at the end finds other forms too: balkon* finds balkon, balkonem and balkony.',
    'narrowing.wordPlaceholder': 'e.g. balkon*',
    'narrowing.add': 'Add',
    'narrowing.remove': 'Remove the word {term}',
    'narrowing.invalid': 'Enter single words of 2–40 letters or digits, without spaces (not added: {terms})',
    'narrowing.overLimit': 'Enter at most {max} words',
    'narrowing.seller': 'Seller',
    'narrowing.seller.any': 'Anyone',
    'narrowing.seller.private': 'Private sellers only',
    'narrowing.seller.agency': 'Agencies only',
    'narrowing.sellerHint': 'Not every portal names the seller; offers whose seller we do not know come only with Anyone.',
    'narrowing.paid': 'Words and the seller choice come with a subscription.',
  },
});

export const useNarrowingT = copy.useModuleT;
export const translateNarrowing = copy.translate;
export const narrowingCopy = copy.dictionary;
export type NarrowingKey = keyof typeof copy.dictionary.cs;
