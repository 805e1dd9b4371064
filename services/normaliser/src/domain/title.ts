import type { AdType, DispositionLabel, HouseType, RealEstateType } from '@rr/proto';

export type TitleFacts = {
  adType: AdType;
  realEstateType: RealEstateType;
  dispositionLabel: DispositionLabel | null;
  houseType: HouseType | null;
  area: number | null;
  landArea: number | null;
};

const AD_WORDS: Record<AdType, string> = {
  Sale: 'Prodej', Rent: 'Pronájem', Auction: 'Dražba', Roommates: 'Spolubydlení', Other: 'Nabídka',
};

/** The property in the genitive ("Prodej bytu"), as Czech portals title their listings. */
function typeWord(f: TitleFacts): string {
  if (f.dispositionLabel === 'room') return 'pokoje';
  switch (f.realEstateType) {
    case 'Apartment': return 'bytu';
    case 'House': return f.houseType === 'Cottage' ? 'chalupy' : f.houseType === 'Hut' ? 'chaty' : 'domu';
    case 'Land': return 'pozemku';
    case 'Commercial': return 'komerčního prostoru';
    default: return 'nemovitosti';
  }
}

function dispositionWord(label: DispositionLabel | null): string | null {
  if (label === null || label === 'room') return null;
  if (label === 'atypical') return 'atypický';
  if (label === '6+') return '6 pokojů a více';
  return label;
}

const NUMBER = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });

/** `1 200 m²`: Czech grouping with an ordinary space (Intl uses a no-break space) and a decimal comma. */
export function squareMetres(value: number): string {
  return `${NUMBER.format(value).replace(/\s/g, ' ')} m²`;
}

/**
 * The generated title of the spec: offer type, property type, disposition, area and land size,
 * e.g. "Prodej bytu 3+kk 71 m²", "Prodej pozemku 1 200 m²", "Pronájem domu 5+1 180 m², pozemek 600 m²".
 */
export function generateTitle(f: TitleFacts): string {
  const words = [AD_WORDS[f.adType], typeWord(f)];
  const disposition = f.realEstateType === 'Apartment' || f.realEstateType === 'House' ? dispositionWord(f.dispositionLabel) : null;
  if (disposition) words.push(disposition);
  if (f.realEstateType === 'Land') {
    const size = f.landArea ?? f.area;
    if (size) words.push(squareMetres(size));
    return words.join(' ');
  }
  if (f.area) words.push(squareMetres(f.area));
  const title = words.join(' ');
  return f.landArea && f.realEstateType === 'House' ? `${title}, pozemek ${squareMetres(f.landArea)}` : title;
}
