import { moduleDictionary } from '../../i18n/module-dictionary';

/**
 * What each tier buys, as the plan cards say it (the premium page and the e-mail landing, both loaded
 * on demand): kept out of the entry chunk's dictionary, so the home page stays in its JS budget.
 */
const copy = moduleDictionary({
  cs: {
    'benefit.watchdogs': 'Až {count} aktivních hlídacích psů',
    'benefit.noExpiry': 'Hlídací psi nevyprší, nemusíte je prodlužovat',
    'benefit.noAds': 'E-maily bez reklam',
    'benefit.priceDrops': 'Upozornění, když nabídka zlevní',
    'benefit.narrowing': 'Hlídání slov v popisu a jen soukromí prodejci',
    'benefit.mapAreas': 'Až {count} oblastí nakreslených na mapě v jednom hlídacím psovi',
    'benefit.offersPerEmail': 'Až {count} nabídek v jednom e-mailu',
    'benefit.priceHistory': 'Historie ceny každé nabídky',
    'benefit.nonPublic': 'Celé neveřejné nabídky',
    'benefit.analytics.summary': 'Přehled cen v lokalitě: mediány za 3 měsíce',
    'benefit.analytics.full': 'Podrobná analýza cen: kvartily, průměr, doba inzerce, podíly typů a dispozic',
    'benefit.analytics.trend': 'Vývoj cen po měsících až za 24 měsíců, s grafem',
    'benefit.analytics.export': 'Vývoj cen za 24 měsíců a export analýzy do CSV',
    'benefit.api': 'Datové API: {perMonth} dotazů měsíčně, klíčů: {keys}',
    'benefit.seats': 'Pro {count} uživatele',
    'benefit.backOnMarket': 'Upozornění, když se stažená nabídka vrátí na trh',
    'benefit.noLongerActive': 'Zpráva, když nabídka z upozornění přestane být aktivní',
  },
  en: {
    'benefit.watchdogs': 'Up to {count} active watchdogs',
    'benefit.noExpiry': 'Watchdogs never expire, no prolonging',
    'benefit.noAds': 'E-mails without ads',
    'benefit.priceDrops': 'Alerts when an offer gets cheaper',
    'benefit.narrowing': 'Words in the description, private sellers only',
    'benefit.mapAreas': 'Up to {count} areas drawn on the map in one watchdog',
    'benefit.offersPerEmail': 'Up to {count} offers in one e-mail',
    'benefit.priceHistory': 'Price history of every offer',
    'benefit.nonPublic': 'Full non-public offers',
    'benefit.analytics.summary': 'Price summary of a location: medians over 3 months',
    'benefit.analytics.full': 'Full price analysis: quartiles, mean, time listed, shares of types and layouts',
    'benefit.analytics.trend': 'Monthly price trend over up to 24 months, with a chart',
    'benefit.analytics.export': '24-month price trend and the analysis as CSV',
    'benefit.api': 'Data API: {perMonth} requests a month, keys: {keys}',
    'benefit.seats': 'For {count} users',
    'benefit.backOnMarket': 'Alerts when a withdrawn offer is back on the market',
    'benefit.noLongerActive': 'A notice when an offer you were alerted to is withdrawn',
  },
});

export const planBenefitsCopy = copy.dictionary;
export const translatePlanBenefit = copy.translate;
export type PlanBenefitKey = keyof typeof copy.dictionary.cs;
