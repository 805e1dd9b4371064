import type { RealEstateType } from './enums';
import { distanceKm } from './geo';
import type { OfferLocation, WatchdogPlace } from './location';
import type { Offer } from './offer';
import type { Range, WatchdogCriteria } from './watchdog';
import { OfferWords, hasWords, wordsAllow } from './criteria-words';
import { mapAreaAllows } from './criteria-area';
import { sellerAllows } from './criteria-seller';

/**
 * The exact meaning of every watchdog field, shared by the matcher (is this offer for this
 * watchdog?) and the account service's containment check (does one watchdog cover another?).
 *
 * - Lists (`adTypes`, `realEstateTypes`) must contain the offer's value.
 * - Optional lists (`dispositions`, `landTypes`, `houseTypes`, `terraceTypes`): empty means any;
 *   otherwise the offer's value must be in the list (terraces: the offer has at least one of them).
 * - Ranges are inclusive at both ends; a missing end is open; a range with both ends open is no
 *   restriction. A restricted range never matches an offer that does not state the value.
 * - Some criteria only make sense for some property types (a land plot has no disposition). A
 *   criterion restricts only offers of the types in `CRITERION_SCOPE`; other offers pass it.
 * - Price: an offer without a price matches only when `includeWithoutPrice` is true, and the price
 *   and price-per-m² ranges then do not apply. Price per m² is the offer's, or its price divided by
 *   the floor area (the land area for land).
 * - Places: the offer lies in at least one place (its region, district, municipality or Prague
 *   district code equals the place's code), or within the place's radius (great-circle distance
 *   from the place's centre to the offer's point, inclusive), when the radius is above 0 and both
 *   points are known.
 * - Words (criteria-words.ts): wanted terms, one of which occurs in the title or description, and
 *   refused ones, none of which does. The matcher checks them on the candidates its index finds
 *   (`narrowingAllows`), so they never make the index larger.
 * - Area on a map (criteria-area.ts): the offer's GPS point lies in one of the polygons (on an
 *   edge counts); offers located by text only never match an area. Places still apply: the
 *   account service gives an area watchdog one place whose circle holds the area, so the index
 *   finds it for every offer in the area and the polygons are checked on those candidates.
 * - Seller (criteria-seller.ts): private sellers only or agencies only; an offer whose seller is
 *   unknown passes only `any`. Two bits of an index entry: the matcher rejects them on the
 *   candidates as it rejects a lift the offer lacks.
 */

const ALL: readonly RealEstateType[] = ['Apartment', 'House', 'Land', 'Commercial', 'Other'];

export const CRITERION_SCOPE = {
  dispositions: ['Apartment', 'House'],
  area: ['Apartment', 'House', 'Commercial', 'Other'],
  landArea: ['House', 'Land'],
  landTypes: ['Land'],
  houseTypes: ['House'],
  elevatorOnly: ['Apartment', 'Commercial', 'Other'],
  terraceTypes: ['Apartment', 'House', 'Commercial', 'Other'],
  beds: ALL,
  price: ALL,
  pricePerM2: ALL,
} as const satisfies Record<string, readonly RealEstateType[]>;
export type ScopedCriterion = keyof typeof CRITERION_SCOPE;

export const criterionApplies = (criterion: ScopedCriterion, type: RealEstateType): boolean =>
  (CRITERION_SCOPE[criterion] as readonly RealEstateType[]).includes(type);

export const isOpenRange = (range: Range | undefined): boolean => range == null || (range.from == null && range.to == null);

/** Inclusive at both ends, open where an end is missing; an unknown value fails a restricted range. */
export function inRange(range: Range | undefined, value: number | null | undefined): boolean {
  if (isOpenRange(range)) return true;
  if (value == null || Number.isNaN(value)) return false;
  return (range!.from == null || value >= range!.from) && (range!.to == null || value <= range!.to);
}

export function pricePerM2Of(offer: Pick<Offer, 'price' | 'pricePerM2' | 'area' | 'landArea' | 'realEstateType'>): number | null {
  if (offer.pricePerM2 != null) return offer.pricePerM2;
  if (offer.price == null) return null;
  const area = offer.realEstateType === 'Land' ? offer.landArea : offer.area;
  return area != null && area > 0 ? offer.price / area : null;
}

export function locationInPlace(place: WatchdogPlace, location: OfferLocation): boolean {
  if (codeOf(place.kind, location) === place.code) return true;
  const radius = place.radiusKm ?? 0;
  return radius > 0 && place.point != null && location.point != null && distanceKm(place.point, location.point) <= radius;
}

export function codeOf(kind: WatchdogPlace['kind'], location: OfferLocation): string | null {
  switch (kind) {
    case 'region': return location.regionCode;
    case 'district': return location.districtCode;
    case 'municipality': return location.municipalityCode;
    case 'pragueDistrict': return location.pragueDistrictCode ?? null;
  }
}

function listAllows<T>(list: readonly T[] | undefined, value: T | null): boolean {
  return list == null || list.length === 0 || (value != null && list.includes(value));
}

function priceAllows(criteria: WatchdogCriteria, offer: Offer): boolean {
  if (offer.price == null) return criteria.includeWithoutPrice;
  return inRange(criteria.price, offer.price) && inRange(criteria.pricePerM2, pricePerM2Of(offer));
}

/** An offer's words for the narrowing criteria, worked out once per offer. */
export const offerWordsOf = (offer: Pick<Offer, 'title' | 'description'>): OfferWords => new OfferWords(offer.title, offer.description);

/** Whether a watchdog has criteria the matcher checks after its index. */
export const hasNarrowing = (criteria: WatchdogCriteria): boolean => hasWords(criteria.words);

/** The criteria checked after the index: `words` are the offer's (`offerWordsOf`). */
export function narrowingAllows(criteria: WatchdogCriteria, words: OfferWords): boolean {
  return wordsAllow(criteria.words, words);
}

/** Whether the offer satisfies every criterion of the watchdog (not whether the watchdog is active). */
export function matchesCriteria(criteria: WatchdogCriteria, offer: Offer): boolean {
  return matchesIndexedCriteria(criteria, offer) && (!hasNarrowing(criteria) || narrowingAllows(criteria, offerWordsOf(offer))) && mapAreaAllows(criteria.mapArea, offer.location);
}

/** The criteria the matcher's index answers: all but the narrowing ones. */
export function matchesIndexedCriteria(criteria: WatchdogCriteria, offer: Offer): boolean {
  const type = offer.realEstateType;
  const scoped = (criterion: ScopedCriterion, ok: () => boolean) => !criterionApplies(criterion, type) || ok();
  return (
    criteria.adTypes.includes(offer.adType) &&
    criteria.realEstateTypes.includes(type) &&
    scoped('dispositions', () => listAllows(criteria.dispositions, offer.dispositionLabel)) &&
    scoped('area', () => inRange(criteria.area, offer.area)) &&
    scoped('landArea', () => inRange(criteria.landArea, offer.landArea)) &&
    scoped('landTypes', () => listAllows(criteria.landTypes, offer.landType)) &&
    scoped('houseTypes', () => listAllows(criteria.houseTypes, offer.houseType)) &&
    scoped('elevatorOnly', () => !criteria.elevatorOnly || offer.elevator === true) &&
    scoped('terraceTypes', () => criteria.terraceTypes.length === 0 || offer.terraceTypes.some((t) => criteria.terraceTypes.includes(t))) &&
    scoped('beds', () => inRange(criteria.beds, offer.beds)) &&
    priceAllows(criteria, offer) &&
    sellerAllows(criteria.seller, offer.privateSeller) &&
    criteria.places.some((place) => locationInPlace(place, offer.location))
  );
}
