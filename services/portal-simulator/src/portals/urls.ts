import type { SimListing } from './types';
import { SUB_SLUG, subCode } from './sreality-codes';
import { slugify } from './wording';

/**
 * Each portal's public listing URL on the simulator's host, shaped like the real one (portals.md).
 * The HTML renderers serve their detail pages at exactly these paths.
 */
export function listingUrl(origin: string, l: Pick<SimListing, 'portal' | 'listingId' | 'adType' | 'realEstateType' | 'dispositionLabel' | 'houseType' | 'landType' | 'place' | 'title'>): string {
  const deal = l.adType === 'Rent' || l.adType === 'Roommates' ? 'pronajem' : l.adType === 'Auction' ? 'drazby' : 'prodej';
  const base = `${origin}/${l.portal}`;
  switch (l.portal) {
    case 'sreality': {
      const main = { Apartment: 'byt', House: 'dum', Land: 'pozemek', Commercial: 'komercni', Other: 'ostatni' }[l.realEstateType];
      const sub = SUB_SLUG[subCode(l).value];
      const street = l.place.street ? slugify(l.place.street) : '';
      return `${base}/detail/${deal}/${main}/${sub}/${slugify(l.place.name)}-${slugify(l.place.cityPart ?? l.place.name)}-${street}/${l.listingId}`;
    }
    case 'bezrealitky': {
      const estate = { Apartment: 'bytu', House: 'domu', Land: 'pozemku', Commercial: 'nebytoveho-prostoru', Other: 'garaze' }[l.realEstateType];
      return `${base}/nemovitosti-byty-domy/${l.listingId}-nabidka-${deal}-${estate}-${slugify([l.place.street, l.place.name].filter(Boolean).join(' '))}`;
    }
    case 'ulovdomov':
      return `${base}/inzerat/${ulovdomovSeo(l)}/${l.listingId}`;
    case 'idnes': {
      const kind = { Apartment: 'byt', House: 'dum', Land: 'pozemek', Commercial: 'komercni-nemovitost', Other: 'maly-objekt-nebo-garaz' }[l.realEstateType];
      const variant = l.adType === 'Sale' ? 'prodej' : 'pronajem';
      const where = slugify([l.place.name, l.place.cityPart, l.place.street].filter(Boolean).join(' '));
      return `${base}/detail/${variant}/${kind}/${where}/${l.listingId}/`;
    }
    case 'bazos':
      return `${base}/inzerat/${l.listingId}/${slugify(l.title).slice(0, 60)}.php`;
    case 'realitycz':
      return `${base}/${l.listingId}/`;
    case 'realitymix':
      return `${base}/detail/${slugify(l.place.name)}/${slugify(l.title).slice(0, 60)}-${l.listingId}.html`;
  }
}

export function ulovdomovSeo(l: Pick<SimListing, 'adType' | 'dispositionLabel' | 'place'>): string {
  const prefix = l.adType === 'Roommates' ? 'spolubydleni-' : l.adType === 'Rent' ? 'pronajem-' : 'prodej-';
  const parts = [l.place.name, l.place.cityPart, l.place.street, l.dispositionLabel?.replace('+', '-')].filter(Boolean).join(' ');
  return `${prefix}${slugify(parts)}`;
}
