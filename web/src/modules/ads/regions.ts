import type { Locale } from '@rr/proto';

/** The 14 Czech regions by NUTS 3 code: the targeting the ad service indexes (proto AdTargeting.regions). */
export const REGIONS: ReadonlyArray<{ code: string; name: Record<Locale, string> }> = [
  { code: 'CZ010', name: { cs: 'Hlavní město Praha', en: 'Prague' } },
  { code: 'CZ020', name: { cs: 'Středočeský kraj', en: 'Central Bohemian Region' } },
  { code: 'CZ031', name: { cs: 'Jihočeský kraj', en: 'South Bohemian Region' } },
  { code: 'CZ032', name: { cs: 'Plzeňský kraj', en: 'Plzeň Region' } },
  { code: 'CZ041', name: { cs: 'Karlovarský kraj', en: 'Karlovy Vary Region' } },
  { code: 'CZ042', name: { cs: 'Ústecký kraj', en: 'Ústí nad Labem Region' } },
  { code: 'CZ051', name: { cs: 'Liberecký kraj', en: 'Liberec Region' } },
  { code: 'CZ052', name: { cs: 'Královéhradecký kraj', en: 'Hradec Králové Region' } },
  { code: 'CZ053', name: { cs: 'Pardubický kraj', en: 'Pardubice Region' } },
  { code: 'CZ063', name: { cs: 'Kraj Vysočina', en: 'Vysočina Region' } },
  { code: 'CZ064', name: { cs: 'Jihomoravský kraj', en: 'South Moravian Region' } },
  { code: 'CZ071', name: { cs: 'Olomoucký kraj', en: 'Olomouc Region' } },
  { code: 'CZ072', name: { cs: 'Zlínský kraj', en: 'Zlín Region' } },
  { code: 'CZ080', name: { cs: 'Moravskoslezský kraj', en: 'Moravian-Silesian Region' } },
];

export const regionName = (code: string, locale: Locale) => REGIONS.find((r) => r.code === code)?.name[locale] ?? code;
