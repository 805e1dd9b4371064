import type { AdType, DispositionLabel, Offer, RealEstateType } from '@rr/proto';

/**
 * The compact row the read model keeps per offer: only what a report or an estimate reads.
 * Times are epoch milliseconds; `publishedMonth` is `YYYY-MM` (UTC) for range reads by month.
 */
export type OfferFact = {
  offerId: string;
  adType: AdType;
  realEstateType: RealEstateType;
  dispositionLabel: DispositionLabel | null;
  area: number | null;
  price: number | null;
  lat: number | null;
  lon: number | null;
  regionCode: string | null;
  districtCode: string | null;
  municipalityCode: string | null;
  pragueDistrictCode: string | null;
  publishedAt: number;
  publishedMonth: string;
  withdrawnAt: number | null;
  /** When the portal data of the last applied publication or update was fetched: older events lose. */
  seenAt: number;
};

export function monthOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 7);
}

/** Price per m² only where both are known and the area is plausible (< 10 m² is a data error or a share). */
export function pricePerM2(fact: Pick<OfferFact, 'price' | 'area'>): number | null {
  if (fact.price === null || fact.area === null || fact.area < 10 || fact.price <= 0) return null;
  return fact.price / fact.area;
}

/** What a fact is made of (an estimate's subject sends no more than this). */
export type FactSource = Pick<Offer, 'id' | 'adType' | 'realEstateType' | 'dispositionLabel' | 'area' | 'landArea' | 'price' | 'location' | 'createdAt'>;

export function factFromOffer(offer: FactSource, withdrawnAt: number | null = null, seenAt = Date.parse(offer.createdAt)): OfferFact {
  const publishedAt = Date.parse(offer.createdAt);
  const loc = offer.location;
  return {
    offerId: offer.id,
    adType: offer.adType,
    realEstateType: offer.realEstateType,
    dispositionLabel: offer.dispositionLabel,
    // Land is priced per m² of plot: its plot area stands in for the floor area it has not.
    area: offer.area ?? (offer.realEstateType === 'Land' ? offer.landArea : null),
    price: offer.price,
    lat: loc.point?.lat ?? null,
    lon: loc.point?.lon ?? null,
    regionCode: loc.regionCode,
    districtCode: loc.districtCode,
    municipalityCode: loc.municipalityCode,
    pragueDistrictCode: loc.pragueDistrictCode ?? null,
    publishedAt,
    publishedMonth: monthOf(publishedAt),
    withdrawnAt,
    seenAt,
  };
}

/** Field by field, so a row read back from the database (other key order) compares equal. */
export function sameFact(a: OfferFact | null, b: OfferFact | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(b) as (keyof OfferFact)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));
}
