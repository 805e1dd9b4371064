import type { Offer } from '@rr/proto';

export type OfferFilter = {
  adType?: Offer['adType'];
  realEstateType?: Offer['realEstateType'];
  municipalityCode?: string;
  districtCode?: string;
  regionCode?: string;
  active?: boolean;
};

/** What the read API needs; the normaliser answers from its in-memory state (`StateCache`). */
export type OfferReader = {
  findById(id: string): Promise<Offer | null>;
  /** Newest found first. */
  list(filter: OfferFilter, page: { offset: number; limit: number }): Promise<{ items: Offer[]; total: number }>;
  /** Active offers of the same kind in the same municipality, else the same district. */
  similar(offer: Offer, limit: number): Promise<Offer[]>;
};

export function matchesFilter(o: Offer, f: OfferFilter): boolean {
  return (f.adType === undefined || o.adType === f.adType)
    && (f.realEstateType === undefined || o.realEstateType === f.realEstateType)
    && (f.municipalityCode === undefined || o.location.municipalityCode === f.municipalityCode)
    && (f.districtCode === undefined || o.location.districtCode === f.districtCode)
    && (f.regionCode === undefined || o.location.regionCode === f.regionCode)
    && (f.active === undefined || o.active === f.active);
}

export const newestFirst = (a: Offer, b: Offer): number => (a.foundAt === b.foundAt ? (a.id < b.id ? -1 : 1) : a.foundAt < b.foundAt ? 1 : -1);

export function listOffers(all: Iterable<Offer>, filter: OfferFilter, page: { offset: number; limit: number }): { items: Offer[]; total: number } {
  const hits: Offer[] = [];
  for (const o of all) if (matchesFilter(o, filter)) hits.push(o);
  hits.sort(newestFirst);
  return { items: hits.slice(page.offset, page.offset + page.limit), total: hits.length };
}

/** Up to `limit × 3` candidates: the same municipality first, then the district; `rankAlternatives` orders them. */
export function similarOffers(all: Iterable<Offer>, offer: Offer, limit: number): Offer[] {
  const base = { adType: offer.adType, realEstateType: offer.realEstateType, active: true };
  const places: OfferFilter[] = [];
  if (offer.location.municipalityCode) places.push({ ...base, municipalityCode: offer.location.municipalityCode });
  if (offer.location.districtCode) places.push({ ...base, districtCode: offer.location.districtCode });
  const out = new Map<string, Offer>();
  for (const place of places) {
    for (const o of listOffers(all, place, { offset: 0, limit: 200 }).items) if (o.id !== offer.id) out.set(o.id, o);
    if (out.size >= limit * 3) break;
  }
  return [...out.values()];
}
