import type { AdType, HouseType, LandType, Portal, RealEstateType } from '@rr/proto';

/** Lowercase ASCII slug as Czech portals build their URLs ("Praha 8 - Troja" → "praha-8-troja"). */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const NBSP = '\u00a0';

/** "1 290 000" with the given group separator. */
export function groupDigits(value: number, separator = ' '): string {
  return Math.round(value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

const DEAL: Record<AdType, string> = { Sale: 'Prodej', Rent: 'Pronájem', Auction: 'Dražba', Roommates: 'Pronájem', Other: 'Nabídka' };

type Kind = { adType: AdType; realEstateType: RealEstateType; houseType: HouseType | null; landType: LandType | null; dispositionLabel: string | null };

/** The genitive noun portals put after "Prodej …" ("bytu", "rodinného domu", "stavebního pozemku"). */
export function kindGenitive(k: Kind): string {
  if (k.realEstateType === 'Apartment') return k.dispositionLabel === 'room' ? 'pokoje' : 'bytu';
  if (k.realEstateType === 'House') {
    return { Detached: 'rodinného domu', Terraced: 'řadového domu', Cottage: 'chalupy', Hut: 'chaty' }[k.houseType ?? 'Detached'];
  }
  if (k.realEstateType === 'Land') {
    return { BuildPlot: 'stavebního pozemku', Commercial: 'komerčního pozemku', Other: 'pozemku' }[k.landType ?? 'Other'];
  }
  if (k.realEstateType === 'Commercial') return 'komerčního prostoru';
  return 'garáže';
}

export function dealWord(adType: AdType): string {
  return DEAL[adType];
}

function dispositionText(label: string | null): string {
  if (!label || label === 'room') return '';
  if (label === 'atypical') return ' atypické dispozice';
  if (label === '6+') return ' 6 a více pokojů';
  return ` ${label}`;
}

/** Each portal words its titles its own way, as cross-posts really differ. */
export function titleFor(portal: Portal, k: Kind, area: number | null, landArea: number | null, placeName: string): string {
  const size = k.realEstateType === 'Land' ? landArea : area;
  const m2 = portal === 'ulovdomov' || portal === 'bazos' ? 'm2' : 'm²';
  const sep = portal === 'sreality' ? NBSP : ' ';
  const sizeText = size == null ? '' : `${groupDigits(size)}${sep}${m2}`;
  const head = `${dealWord(k.adType)} ${kindGenitive(k)}${dispositionText(k.dispositionLabel)}`;
  const land = k.realEstateType === 'House' && landArea ? `, pozemek ${groupDigits(landArea)}${sep}${m2}` : '';
  switch (portal) {
    case 'bazos': {
      const verb = k.adType === 'Sale' ? 'Prodám' : k.adType === 'Auction' ? 'Dražba' : 'Pronajmu';
      return `${verb} ${kindGenitive(k).replace('bytu', 'byt').replace('pokoje', 'pokoj')}${dispositionText(k.dispositionLabel)}, ${sizeText}, ${placeName}`.replace(/, ,/g, ',');
    }
    case 'realitycz':
    case 'realitymix':
      return `${head}, ${sizeText}${land}`.replace(/, $/, '');
    case 'ulovdomov':
      return k.adType === 'Roommates' ? `Spolubydlení ${sizeText}`.trim() : `${head} ${sizeText}`.trim();
    default:
      return `${head} ${sizeText}${land}`.trim();
  }
}
