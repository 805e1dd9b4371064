import { moduleDictionary } from '../../i18n/module-dictionary';

/** The non-public offer page's strings (its own chunk). */
const copy = moduleDictionary({
  cs: {
    'nonPublic.badge': 'Neveřejná nabídka',
    'nonPublic.teaserText': 'Tuto nabídku realitní server neukazuje veřejně. Cenu, odkazy na inzerát, kontakt, popis a historii ceny uvidíte s tarifem Standard a vyšším.',
    'nonPublic.upgrade': 'Zobrazit tarify',
    'nonPublic.haveTier': 'Tarif už máte?',
    'nonPublic.login': 'Přihlaste se.',
    'nonPublic.fullNote': 'Neveřejná nabídka – vidíte ji celou díky svému tarifu.',
  },
  en: {
    'nonPublic.badge': 'Non-public offer',
    'nonPublic.teaserText': 'The portal does not show this offer publicly. The price, the links to the listing, the contact, the description and the price history come with the Standard plan and above.',
    'nonPublic.upgrade': 'See the plans',
    'nonPublic.haveTier': 'Already on a plan?',
    'nonPublic.login': 'Log in.',
    'nonPublic.fullNote': 'A non-public offer – you see all of it thanks to your plan.',
  },
});

export const useNonPublicT = copy.useModuleT;
export const nonPublicCopy = copy.dictionary;
export type NonPublicKey = keyof typeof copy.dictionary.cs;
