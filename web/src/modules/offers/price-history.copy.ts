import { moduleDictionary } from '../../i18n/module-dictionary';

/** The offer page's locked price history (its own chunk). */
const copy = moduleDictionary({
  cs: {
    'priceHistory.locked': 'Cena se od prvního zveřejnění změnila {changes}×. Kdy a o kolik, ukazuje historie ceny v tarifu Standard a vyšším.',
    'priceHistory.upgrade': 'Co tarif u této nabídky přidá',
  },
  en: {
    'priceHistory.locked': 'The price has changed {changes}× since the offer was first published. When and by how much is in the price history of the Standard plan and above.',
    'priceHistory.upgrade': 'What a plan adds for this offer',
  },
});

export const usePriceHistoryT = copy.useModuleT;
export const priceHistoryCopy = copy.dictionary;
