import { formatPostcode, readMunicipalities } from '@rr/gazetteer';
import type { SimPlace } from '../portals/types';

/** A municipality from the open-data CSV, with its centre (the gazetteer's row). */
export type Municipality = {
  code: string;
  name: string;
  districtName: string;
  districtCode: string;
  regionName: string;
  regionCode: string;
  postcode: string;
  lat: number;
  lon: number;
};

export const PRAHA_CODE = '554782';
export const BRNO_CODE = '582786';
export const OSTRAVA_CODE = '554821';
export const PLZEN_CODE = '554791';

/** Approximate centres and well-known parts of Prague's 22 administrative districts. */
export const PRAGUE_DISTRICTS: { n: number; lat: number; lon: number; parts: string[] }[] = [
  { n: 1, lat: 50.0875, lon: 14.4213, parts: ['Staré Město', 'Nové Město', 'Malá Strana', 'Josefov'] },
  { n: 2, lat: 50.0735, lon: 14.4300, parts: ['Vinohrady', 'Vyšehrad', 'Nové Město'] },
  { n: 3, lat: 50.0840, lon: 14.4600, parts: ['Žižkov', 'Vinohrady'] },
  { n: 4, lat: 50.0420, lon: 14.4450, parts: ['Nusle', 'Michle', 'Krč', 'Braník', 'Podolí'] },
  { n: 5, lat: 50.0600, lon: 14.3850, parts: ['Smíchov', 'Košíře', 'Radlice', 'Hlubočepy', 'Jinonice'] },
  { n: 6, lat: 50.1000, lon: 14.3700, parts: ['Dejvice', 'Břevnov', 'Bubeneč', 'Střešovice', 'Veleslavín'] },
  { n: 7, lat: 50.1030, lon: 14.4350, parts: ['Holešovice', 'Bubeneč', 'Troja'] },
  { n: 8, lat: 50.1150, lon: 14.4650, parts: ['Karlín', 'Libeň', 'Kobylisy', 'Bohnice', 'Čimice'] },
  { n: 9, lat: 50.1080, lon: 14.5100, parts: ['Vysočany', 'Prosek', 'Střížkov', 'Hloubětín'] },
  { n: 10, lat: 50.0680, lon: 14.4900, parts: ['Vršovice', 'Strašnice', 'Záběhlice', 'Malešice'] },
  { n: 11, lat: 50.0300, lon: 14.5100, parts: ['Chodov', 'Háje'] },
  { n: 12, lat: 50.0050, lon: 14.4250, parts: ['Modřany', 'Kamýk', 'Komořany'] },
  { n: 13, lat: 50.0480, lon: 14.3400, parts: ['Stodůlky', 'Lužiny'] },
  { n: 14, lat: 50.1000, lon: 14.5650, parts: ['Černý Most', 'Kyje', 'Hostavice'] },
  { n: 15, lat: 50.0500, lon: 14.5350, parts: ['Hostivař', 'Horní Měcholupy'] },
  { n: 16, lat: 49.9920, lon: 14.3600, parts: ['Radotín'] },
  { n: 17, lat: 50.0680, lon: 14.3050, parts: ['Řepy'] },
  { n: 18, lat: 50.1300, lon: 14.5150, parts: ['Letňany'] },
  { n: 19, lat: 50.1300, lon: 14.5500, parts: ['Kbely'] },
  { n: 20, lat: 50.1100, lon: 14.6200, parts: ['Horní Počernice'] },
  { n: 21, lat: 50.0750, lon: 14.6500, parts: ['Újezd nad Lesy'] },
  { n: 22, lat: 50.0400, lon: 14.6000, parts: ['Uhříněves'] },
];

export const CITY_PARTS: Record<string, string[]> = {
  [BRNO_CODE]: ['Královo Pole', 'Žabovřesky', 'Líšeň', 'Bystrc', 'Židenice', 'Černá Pole', 'Štýřice', 'Bohunice', 'Lesná'],
  [OSTRAVA_CODE]: ['Poruba', 'Zábřeh', 'Moravská Ostrava', 'Hrabůvka', 'Dubina', 'Mariánské Hory'],
  [PLZEN_CODE]: ['Slovany', 'Bory', 'Doubravka', 'Lochotín', 'Skvrňany'],
};

export const STREETS = [
  'Husova', 'Masarykova', 'Nádražní', 'Komenského', 'Palackého', 'Tyršova', 'Smetanova', 'Havlíčkova',
  'Jiráskova', 'Sokolská', 'Školní', 'Zahradní', 'Lesní', 'Polní', 'Krátká', 'Dlouhá', 'Na Výsluní',
  'U Potoka', 'Riegrova', 'Žižkova', 'Nerudova', 'Fügnerova', 'Revoluční', 'Československé armády',
  'Svatopluka Čecha', 'Bezručova', 'Hálkova', 'Pražská', 'Brněnská', 'Jabloňová', 'Lipová', 'Luční',
];

/** Reads the open-data list through the gazetteer's parser (names in normal case, rows checked). */
export function loadMunicipalities(csvPath: string): Municipality[] {
  return readMunicipalities(csvPath);
}

/** The place as portals print it; Prague gets its administrative district and a city part. */
export function simPlaceOf(m: Municipality, opts: { pragueDistrict: number | null; cityPart: string | null; street: string | null }): SimPlace {
  return {
    code: m.code,
    name: m.name,
    districtName: m.districtName,
    districtCode: m.districtCode,
    regionName: m.regionName,
    regionCode: m.regionCode,
    postcode: formatPostcode(m.postcode),
    pragueDistrict: opts.pragueDistrict == null ? null : `Praha ${opts.pragueDistrict}`,
    cityPart: opts.cityPart,
    street: opts.street,
  };
}
