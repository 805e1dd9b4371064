import type { RealEstateType } from './enums';
import { distanceKm } from './geo';
import { criterionApplies, isOpenRange, type ScopedCriterion } from './criteria-match';
import type { PlaceKind } from './location';
import type { Range, WatchdogCriteria } from './watchdog';
import { wordsContain } from './criteria-words';
import { circlesHoldArea, mapAreaContains } from './criteria-area';
import { sellerContains } from './criteria-seller';
import { PRAGUE } from './prague';

/**
 * Whether one watchdog's selection covers another's: every offer the narrower one would alert
 * about, the broader one alerts about too. Pure; the account service uses it for the creation
 * outcomes (duplicate, covered, replaces narrower). Every field means what `matchesCriteria`
 * (criteria-match.ts) says it means, scopes included. When in doubt it answers "not contained": a missed "covered" only costs a redundant
 * watchdog, a wrong one would lose alerts.
 */

/** Parents of a place, as the gazetteer knows them. */
export type PlaceParents = { regionCode: string | null; districtCode: string | null; municipalityCode: string | null };

/** Looks up where a place lies; `null` for an unknown place. */
export type PlaceHierarchy = (place: { kind: PlaceKind; code: string }) => PlaceParents | null;

type PlaceLike = WatchdogCriteria['places'][number];


/**
 * What can be told from the codes alone: a district code (LAU 1, `CZ0642`) starts with its
 * region's code (NUTS 3, `CZ064`), and Prague's districts lie in Prague. Municipalities need the
 * gazetteer.
 */
export const hierarchyFromCodes: PlaceHierarchy = ({ kind, code }) => {
  if (kind === 'region') return { regionCode: code, districtCode: null, municipalityCode: null };
  if (kind === 'district') return { regionCode: code.slice(0, 5), districtCode: code, municipalityCode: null };
  if (kind === 'pragueDistrict') return { regionCode: PRAGUE.regionCode, districtCode: PRAGUE.districtCode, municipalityCode: PRAGUE.municipalityCode };
  return null;
};

/** Lists where empty means "any" (dispositions, land, house and terrace types). */
export function anyListContains<T>(broader: readonly T[], narrower: readonly T[]): boolean {
  if (broader.length === 0) return true;
  if (narrower.length === 0) return false;
  return narrower.every((v) => broader.includes(v));
}

/** Lists that must name at least one value (offer and property types). */
export function requiredListContains<T>(broader: readonly T[], narrower: readonly T[]): boolean {
  return narrower.every((v) => broader.includes(v));
}

/**
 * A missing end is open: [from, to] of the broader range must enclose the narrower one. A
 * restricted range never matches an unknown value, so an open narrower range (which does) is
 * covered only by an open broader one.
 */
export function rangeContains(broader: Range, narrower: Range): boolean {
  if (isOpenRange(broader)) return true;
  if (isOpenRange(narrower)) return false;
  const fromOk = broader.from == null || (narrower.from != null && narrower.from >= broader.from);
  const toOk = broader.to == null || (narrower.to != null && narrower.to <= broader.to);
  return fromOk && toOk;
}

const samePlace = (a: PlaceLike, b: PlaceLike) => a.kind === b.kind && a.code === b.code;

/** Whether the area of place `inner` (without its radius) lies inside the area of `outer`. */
function areaInside(inner: PlaceLike, outer: PlaceLike, hierarchy: PlaceHierarchy): boolean {
  if (samePlace(inner, outer)) return true;
  const parents = hierarchy(inner) ?? hierarchyFromCodes(inner);
  if (!parents) return false;
  if (outer.kind === 'region') return inner.kind !== 'region' && parents.regionCode === outer.code;
  if (outer.kind === 'district') return (inner.kind === 'municipality' || inner.kind === 'pragueDistrict') && parents.districtCode === outer.code;
  if (outer.kind === 'municipality') return inner.kind === 'pragueDistrict' && parents.municipalityCode === outer.code;
  return false;
}

/** The matcher applies a radius only around a known centre. */
const radiusOf = (place: PlaceLike) => (place.point ? place.radiusKm ?? 0 : 0);

/** Whether the surrounding circle of `inner` lies inside the surrounding circle of `outer`. */
function circleInside(inner: PlaceLike, outer: PlaceLike): boolean {
  if (samePlace(inner, outer)) return radiusOf(outer) >= radiusOf(inner);
  if (radiusOf(outer) === 0 || !inner.point || !outer.point) return false;
  return distanceKm(inner.point, outer.point) + radiusOf(inner) <= radiusOf(outer);
}

/** A place with a radius covers its own area plus the circle around its centre. */
export function placeCovers(outer: PlaceLike, inner: PlaceLike, hierarchy: PlaceHierarchy): boolean {
  if (!areaInside(inner, outer, hierarchy)) return false;
  return radiusOf(inner) === 0 || circleInside(inner, outer);
}

/** Every place of the narrower selection lies in some place of the broader one. */
export function placesCover(broader: readonly PlaceLike[], narrower: readonly PlaceLike[], hierarchy: PlaceHierarchy): boolean {
  return narrower.every((n) => broader.some((b) => placeCovers(b, n, hierarchy)));
}

/**
 * A criterion restricts only offers of the types in its scope; when none of the narrower
 * watchdog's property types is in scope, the field cannot make a difference.
 */
const inScope = (criterion: ScopedCriterion, types: readonly RealEstateType[]) => types.some((t) => criterionApplies(criterion, t));

const areaDecidesPlaces = (c: WatchdogCriteria) => c.mapArea != null && circlesHoldArea(c.places, c.mapArea);

/** Field by field; the names say which one failed, for tests and logs. */
export function containmentFailures(broader: WatchdogCriteria, narrower: WatchdogCriteria, hierarchy: PlaceHierarchy): string[] {
  const types = narrower.realEstateTypes;
  const scoped = (criterion: ScopedCriterion, ok: () => boolean) => !inScope(criterion, types) || ok();
  const checks: Array<[string, boolean]> = [
    ['adTypes', requiredListContains(broader.adTypes, narrower.adTypes)],
    ['realEstateTypes', requiredListContains(broader.realEstateTypes, narrower.realEstateTypes)],
    ['dispositions', scoped('dispositions', () => anyListContains(broader.dispositions, narrower.dispositions))],
    ['area', scoped('area', () => rangeContains(broader.area, narrower.area))],
    ['price', scoped('price', () => rangeContains(broader.price, narrower.price))],
    ['pricePerM2', scoped('pricePerM2', () => rangeContains(broader.pricePerM2, narrower.pricePerM2))],
    ['landArea', scoped('landArea', () => rangeContains(broader.landArea, narrower.landArea))],
    ['landTypes', scoped('landTypes', () => anyListContains(broader.landTypes, narrower.landTypes))],
    ['houseTypes', scoped('houseTypes', () => anyListContains(broader.houseTypes, narrower.houseTypes))],
    ['beds', scoped('beds', () => rangeContains(broader.beds, narrower.beds))],
    ['elevatorOnly', scoped('elevatorOnly', () => !broader.elevatorOnly || narrower.elevatorOnly)],
    ['terraceTypes', scoped('terraceTypes', () => anyListContains(broader.terraceTypes, narrower.terraceTypes))],
    // An area inside the broader one, whose places' circle holds it, is inside those places too.
    ['places', placesCover(broader.places, narrower.places, hierarchy) || (areaDecidesPlaces(broader) && narrower.mapArea != null && mapAreaContains(broader.mapArea, narrower.mapArea))],
    // Offers without a price reach the narrower watchdog only if it includes them.
    ['includeWithoutPrice', broader.includeWithoutPrice || !narrower.includeWithoutPrice],
    // Price-drop alerts are extra alerts: a broader watchdog without them does not cover them.
    ['priceDrops', broader.priceDrops || !narrower.priceDrops],
    // So are comebacks and no-longer-active notices.
    ['backOnMarket', broader.backOnMarket || !narrower.backOnMarket],
    ['noLongerActive', broader.noLongerActive || !narrower.noLongerActive],
    ['words', wordsContain(broader.words, narrower.words)],
    ['mapArea', mapAreaContains(broader.mapArea, narrower.mapArea)],
    ['seller', sellerContains(broader.seller, narrower.seller)],
  ];
  return checks.filter(([, ok]) => !ok).map(([name]) => name);
}

export function criteriaContains(broader: WatchdogCriteria, narrower: WatchdogCriteria, hierarchy: PlaceHierarchy = hierarchyFromCodes): boolean {
  return containmentFailures(broader, narrower, hierarchy).length === 0;
}

/** The same selection: each covers the other (order of list values does not matter). */
export function criteriaEqual(a: WatchdogCriteria, b: WatchdogCriteria, hierarchy: PlaceHierarchy = hierarchyFromCodes): boolean {
  return criteriaContains(a, b, hierarchy) && criteriaContains(b, a, hierarchy);
}
