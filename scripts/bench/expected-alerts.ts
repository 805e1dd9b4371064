import { distanceKm, matchesCriteria, type AdType, type DispositionLabel, type HouseType, type LandType, type Offer, type RealEstateType, type Watchdog } from '@rr/proto';

export type GroundTruth = {
  properties: Array<{
    id: string; adType: AdType; realEstateType: RealEstateType; dispositionLabel: DispositionLabel | null;
    houseType: HouseType | null; landType: LandType | null; area: number | null; landArea: number | null; price: number | null;
    lat: number | null; lon: number | null; municipalityCode: string; districtCode: string; regionCode: string; pragueDistrict: string | null;
    privateSeller?: boolean;
  }>;
  /** Each portal's version: its price, area and the layout its pages state (Sreality states none for houses). */
  listings: Array<{ portal: string; listingId: string; propertyId: string; price: number | null; area: number | null; dispositionLabel: DispositionLabel | null; publishedAt: string }>;
};

/** Radius checks this close to the edge depend on a portal's GPS rounding: not judged. */
const EDGE_KM = 0.5;

/**
 * Who should get which property, from the simulator's facts alone: a (recipient, property) pair
 * is expected when one of the recipient's watchdogs matches every portal's version of the
 * property; pairs where the versions disagree (a price or area a few units apart across a range's
 * edge) are borderline and judged neither way.
 */
export function expectedAlerts(truth: GroundTruth, watchdogs: Watchdog[]) {
  const pairs = new Map<string, true>();
  const ambiguous = new Set<string>();
  const publishedAt = new Map<string, number>();
  const variants = new Map<string, GroundTruth['listings']>();
  for (const l of truth.listings) {
    variants.set(l.propertyId, [...(variants.get(l.propertyId) ?? []), l]);
    const at = Date.parse(l.publishedAt);
    publishedAt.set(l.propertyId, Math.min(publishedAt.get(l.propertyId) ?? at, at));
  }
  for (const p of truth.properties) {
    const versions = (variants.get(p.id) ?? []).map((l) => offerOf(p, l.price, l.area ?? p.area, l.dispositionLabel));
    if (versions.length === 0) continue;
    for (const w of watchdogs) {
      const key = `${w.email.toLowerCase()} ${p.id}`;
      if (pairs.has(key)) continue;
      const results = versions.map((o) => matchesCriteria(w.criteria, o));
      // Whether a watchdog that chose the seller hears of it depends on the portals saying who sells (some do not): not judged.
      const sellerChosen = w.criteria.seller != null && w.criteria.seller !== 'any';
      if (results.every(Boolean) && !nearRadiusEdge(w, versions[0]) && !sellerChosen) {
        pairs.set(key, true);
        ambiguous.delete(key);
      } else if (results.some(Boolean) || (results[0] && nearRadiusEdge(w, versions[0]))) ambiguous.add(key);
    }
  }
  return { pairs, ambiguous, publishedAt };
}

function nearRadiusEdge(w: Watchdog, offer: Offer): boolean {
  const point = offer.location.point;
  return w.criteria.places.some((place) => place.radiusKm > 0 && place.point != null && point != null && Math.abs(distanceKm(place.point, point) - place.radiusKm) < EDGE_KM);
}

function offerOf(p: GroundTruth['properties'][number], price: number | null, area: number | null, dispositionLabel: DispositionLabel | null): Offer {
  const pragueNumber = p.pragueDistrict?.match(/(\d+)/)?.[1];
  return {
    adType: p.adType, realEstateType: p.realEstateType, dispositionLabel, houseType: p.houseType, landType: p.landType,
    area, landArea: p.landArea, price, pricePerM2: null, beds: null, elevator: null, terraceTypes: [], privateSeller: p.privateSeller ?? null,
    location: {
      name: '', municipalityCode: p.municipalityCode, districtCode: p.districtCode, regionCode: p.regionCode,
      pragueDistrictCode: pragueNumber ? `PRAHA-${pragueNumber}` : null,
      point: p.lat != null && p.lon != null ? { lat: p.lat, lon: p.lon } : null, resolvedBy: 'gps',
    },
  } as unknown as Offer;
}
