import type { SimListing } from './types';

/** Sreality's code tables (portals.md 2.6, 2.7) as the simulator publishes them. */
export type Code = { name: string; value: number };

export const UNSET: Code = { name: '- nezadáno', value: 0 };

export const MAIN: Record<SimListing['realEstateType'], Code> = {
  Apartment: { name: 'Byty', value: 1 }, House: { name: 'Domy', value: 2 }, Land: { name: 'Pozemky', value: 3 },
  Commercial: { name: 'Komerční', value: 4 }, Other: { name: 'Ostatní', value: 5 },
};

export const TYPE: Record<SimListing['adType'], Code> = {
  Sale: { name: 'Prodej', value: 1 }, Rent: { name: 'Pronájem', value: 2 }, Roommates: { name: 'Pronájem', value: 2 },
  Auction: { name: 'Dražby', value: 3 }, Other: { name: 'Prodej', value: 1 },
};

const FLAT_SUB: Record<string, Code> = {
  '1+kk': { name: '1+kk', value: 2 }, '1+1': { name: '1+1', value: 3 }, '2+kk': { name: '2+kk', value: 4 },
  '2+1': { name: '2+1', value: 5 }, '3+kk': { name: '3+kk', value: 6 }, '3+1': { name: '3+1', value: 7 },
  '4+kk': { name: '4+kk', value: 8 }, '4+1': { name: '4+1', value: 9 }, '5+kk': { name: '5+kk', value: 10 },
  '5+1': { name: '5+1', value: 11 }, '6+': { name: '6 pokojů a více', value: 12 }, atypical: { name: 'Atypický', value: 16 },
  room: { name: 'Pokoj', value: 47 },
};

export type SubCodeInput = Pick<SimListing, 'listingId' | 'realEstateType' | 'dispositionLabel' | 'houseType' | 'landType'>;

export function subCode(l: SubCodeInput): Code {
  const pickBy = (codes: Code[]) => codes[Number(l.listingId.slice(-2)) % codes.length];
  switch (l.realEstateType) {
    case 'Apartment': return FLAT_SUB[l.dispositionLabel ?? 'atypical'];
    case 'House':
      if (l.houseType === 'Cottage') return { name: 'Chalupa', value: 43 };
      if (l.houseType === 'Hut') return { name: 'Chata', value: 33 };
      return { name: 'Rodinný', value: 37 };
    case 'Land':
      if (l.landType === 'BuildPlot') return { name: 'Bydlení', value: 19 };
      if (l.landType === 'Commercial') return { name: 'Komerční', value: 18 };
      return pickBy([{ name: 'Zahrada', value: 23 }, { name: 'Louka', value: 22 }, { name: 'Pole', value: 20 }]);
    case 'Commercial': return pickBy([{ name: 'Kanceláře', value: 25 }, { name: 'Obchodní prostory', value: 28 }, { name: 'Sklady', value: 26 }]);
    default: return { name: 'Garáž', value: 34 };
  }
}

/** The detail-URL segment of each sub-category code. */
export const SUB_SLUG: Record<number, string> = {
  2: '1+kk', 3: '1+1', 4: '2+kk', 5: '2+1', 6: '3+kk', 7: '3+1', 8: '4+kk', 9: '4+1', 10: '5+kk', 11: '5+1', 12: '6-a-vice',
  16: 'atypicky', 47: 'pokoj', 33: 'chata', 37: 'rodinny', 43: 'chalupa', 18: 'komercni', 19: 'bydleni', 20: 'pole',
  22: 'louka', 23: 'zahrada', 25: 'kancelare', 26: 'sklad', 28: 'obchodni-prostor', 34: 'garaz',
};

export const PRICE_UNIT = {
  property: { name: 'za nemovitost', value: 1 }, month: { name: 'za měsíc', value: 2 }, m2: { name: 'za m²', value: 3 },
} as const;

export const BUILDING_TYPE: Record<string, Code> = {
  Wood: { name: 'Dřevostavba', value: 1 }, Brick: { name: 'Cihlová', value: 2 }, Stone: { name: 'Kamenná', value: 3 },
  Panel: { name: 'Panelová', value: 5 }, Other: { name: 'Smíšená', value: 7 },
};

export const OWNERSHIP: Record<string, Code> = {
  Direct: { name: 'Osobní', value: 1 }, Cooperative: { name: 'Družstevní', value: 2 }, Municipal: { name: 'Státní/obecní', value: 3 },
};

/** NUTS 3 region code → sreality `locality_region_id`. */
export const REGION_ID: Record<string, number> = {
  CZ031: 1, CZ032: 2, CZ041: 3, CZ042: 4, CZ051: 5, CZ052: 6, CZ053: 7, CZ071: 8, CZ072: 9, CZ010: 10,
  CZ020: 11, CZ080: 12, CZ063: 13, CZ064: 14,
};

const DISTRICTS = [
  'České Budějovice', 'Český Krumlov', 'Jindřichův Hradec', 'Písek', 'Prachatice', 'Strakonice', 'Tábor',
  'Domažlice', 'Cheb', 'Karlovy Vary', 'Klatovy', 'Plzeň-město', 'Plzeň-jih', 'Plzeň-sever', 'Rokycany', 'Sokolov', 'Tachov',
  'Česká Lípa', 'Děčín', 'Chomutov', 'Jablonec nad Nisou', 'Liberec', 'Litoměřice', 'Louny', 'Most', 'Teplice', 'Ústí nad Labem',
  'Hradec Králové', 'Chrudim', 'Jičín', 'Náchod', 'Pardubice', 'Rychnov nad Kněžnou', 'Semily', 'Svitavy', 'Trutnov', 'Ústí nad Orlicí',
  'Zlín', 'Kroměříž', 'Prostějov', 'Uherské Hradiště', 'Olomouc', 'Přerov', 'Šumperk', 'Vsetín', 'Jeseník',
  'Praha',
  'Benešov', 'Beroun', 'Kladno', 'Kolín', 'Kutná Hora', 'Mladá Boleslav', 'Mělník', 'Nymburk', 'Praha-východ', 'Praha-západ', 'Příbram', 'Rakovník',
  'Bruntál', 'Frýdek-Místek', 'Karviná', 'Nový Jičín', 'Opava', 'Ostrava-město',
  'Havlíčkův Brod', 'Jihlava', 'Pelhřimov', 'Třebíč', 'Žďár nad Sázavou',
  'Blansko', 'Brno-město', 'Brno-venkov', 'Břeclav', 'Hodonín', 'Vyškov', 'Znojmo',
];

/** District name (okres) → sreality `locality_district_id`; Prague's districts are 5001–5022. */
export function districtId(districtName: string, pragueDistrict: string | null): number {
  if (pragueDistrict) return 5000 + Number(pragueDistrict.replace(/\D/g, ''));
  const i = DISTRICTS.indexOf(districtName);
  return i < 0 ? -1 : i + 1;
}
