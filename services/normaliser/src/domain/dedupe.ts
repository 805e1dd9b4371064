import { distanceKm } from '@rr/gazetteer';
import type { AdType, DispositionLabel, GeoPoint, Offer, Portal, RealEstateType } from '@rr/proto';

/** What dedupe compares; for offers and new listings alike. */
export type DedupeFacts = {
  adType: AdType;
  realEstateType: RealEstateType;
  dispositionLabel: DispositionLabel | null;
  area: number | null;
  landArea: number | null;
  municipalityCode: string | null;
  /** Only a GPS point counts as a position; a point guessed from text is a town centre, the same for every listing there. */
  gpsPoint: GeoPoint | null;
  /** The centre of the place a text-located listing was resolved to (null with GPS or unresolved). */
  placePoint: GeoPoint | null;
  price: number | null;
  title: string;
  description: string;
  images: string[];
};

export type DedupeCandidate = DedupeFacts & { id: string; portals: Portal[] };

/** What the hard gates compare: the little a stored lookup key carries of its offer. */
export type GateFacts = Pick<DedupeFacts, 'adType' | 'realEstateType' | 'dispositionLabel' | 'area' | 'landArea' | 'municipalityCode' | 'gpsPoint' | 'placePoint'>;

export function gateFactsOf(f: GateFacts): GateFacts {
  return {
    adType: f.adType, realEstateType: f.realEstateType, dispositionLabel: f.dispositionLabel, area: f.area, landArea: f.landArea,
    municipalityCode: f.municipalityCode, gpsPoint: f.gpsPoint, placePoint: f.placePoint,
  };
}

/** The hard gates: a cross-post of the same property is at most this far apart. */
export const NEARBY_KM = 0.3;
/**
 * A listing located only by its text sits somewhere in its municipality; a GPS-located one just
 * across the boundary (a neighbouring village resolved by nearest centre) is within this of it.
 */
const TEXT_PLACE_KM = 2.5;
const AREA_TOLERANCE = { absolute: 2, relative: 0.03 };
const LAND_TOLERANCE = { absolute: 10, relative: 0.03 };
/** Corroboration needed to call two listings one property. */
export const DUPLICATE_THRESHOLD = 3;

export function dedupeFactsOf(o: Offer): DedupeFacts {
  return {
    adType: o.adType,
    realEstateType: o.realEstateType,
    dispositionLabel: o.dispositionLabel,
    area: o.area,
    landArea: o.landArea,
    municipalityCode: o.location.municipalityCode,
    gpsPoint: o.location.resolvedBy === 'gps' ? o.location.point : null,
    placePoint: o.location.resolvedBy === 'text' ? o.location.point : null,
    price: o.price,
    title: o.title,
    description: o.description,
    images: o.images,
  };
}

const within = (a: number | null, b: number | null, t: { absolute: number; relative: number }) =>
  a == null || b == null || Math.abs(a - b) <= Math.max(t.absolute, t.relative * Math.max(a, b));

/**
 * Location (same municipality, or GPS points within 300 m), offer type, property type,
 * disposition and sizes within a small tolerance must all agree; nothing else can make two
 * listings one property.
 */
export function passesGates(a: GateFacts, b: GateFacts): boolean {
  if (!compatibleAdTypes(a.adType, b.adType) || a.realEstateType !== b.realEstateType) return false;
  // Some portals publish no layout for houses: a missing disposition is no contradiction, a different one is.
  if (a.dispositionLabel !== null && b.dispositionLabel !== null && a.dispositionLabel !== b.dispositionLabel) return false;
  if (!sameLocation(a, b)) return false;
  // A size one side does not publish is no contradiction; both missing (land without a plot size) is no evidence either.
  if (!within(a.area, b.area, AREA_TOLERANCE) || !within(a.landArea, b.landArea, LAND_TOLERANCE)) return false;
  return a.area != null || b.area != null || a.landArea != null || b.landArea != null;
}

function sameLocation(a: GateFacts, b: GateFacts): boolean {
  if (a.municipalityCode !== null && a.municipalityCode === b.municipalityCode) return true;
  if (a.gpsPoint && b.gpsPoint) return distanceKm(a.gpsPoint, b.gpsPoint) <= NEARBY_KM;
  if (a.gpsPoint && b.placePoint) return distanceKm(a.gpsPoint, b.placePoint) <= TEXT_PLACE_KM;
  if (b.gpsPoint && a.placePoint) return distanceKm(b.gpsPoint, a.placePoint) <= TEXT_PLACE_KM;
  return false;
}

/**
 * Portals without an auction or a roommate category file those under sale or rent: the same
 * property can be an auction on one portal and a sale on another.
 */
function compatibleAdTypes(a: DedupeFacts['adType'], b: DedupeFacts['adType']): boolean {
  if (a === b) return true;
  const pair = new Set([a, b]);
  return (pair.has('Auction') && (pair.has('Sale') || pair.has('Rent'))) || (pair.has('Rent') && pair.has('Roommates'));
}

/**
 * How strongly price, position, description, photos and title say "the same property". Each
 * signal can also speak against it (a price 20 % apart, points a kilometre apart).
 */
export function corroboration(a: DedupeFacts, b: DedupeFacts): number {
  let score = 0;
  if (a.gpsPoint && b.gpsPoint) {
    const d = distanceKm(a.gpsPoint, b.gpsPoint);
    score += d <= 0.05 ? 2 : d <= NEARBY_KM ? 1 : d <= 1 ? -1 : -3;
  }
  if (a.adType !== b.adType) score -= 0.5;
  if (a.dispositionLabel !== b.dispositionLabel) score -= 0.5;
  if (a.price != null && b.price != null) {
    const gap = Math.abs(a.price - b.price) / Math.max(a.price, b.price);
    score += gap <= 0.01 ? 1.5 : gap <= 0.05 ? 0.75 : gap <= 0.15 ? -0.5 : -2.5;
  }
  if (a.area != null && a.area === b.area) score += 0.5;
  if (a.landArea != null && a.landArea === b.landArea) score += 0.5;
  const text = similarity(shingles(a.description), shingles(b.description));
  if (text !== null) score += text >= 0.6 ? 3 : text >= 0.3 ? 1.5 : text < 0.05 ? -1.5 : 0;
  const photos = sharedPhotos(a.images, b.images);
  if (photos !== null) score += photos >= 0.5 ? 3 : photos > 0 ? 1.5 : -1.5;
  const title = similarity(new Set(words(a.title)), new Set(words(b.title)));
  if (title !== null && title >= 0.5) score += 0.5;
  return score;
}

/** The best candidate that passes the gates and is corroborated enough, or null. */
export function findDuplicate(listing: DedupeFacts & { portal: Portal }, candidates: Iterable<DedupeCandidate>): { candidate: DedupeCandidate; score: number } | null {
  let best: { candidate: DedupeCandidate; score: number } | null = null;
  for (const c of candidates) {
    // Two listings on one portal are two properties (or the portal's own duplicate, not ours to merge).
    if (c.portals.includes(listing.portal) || !passesGates(listing, c)) continue;
    const score = corroboration(listing, c);
    if (score >= DUPLICATE_THRESHOLD && (!best || score > best.score)) best = { candidate: c, score };
  }
  return best;
}

function words(text: string): string[] {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9+]+/).filter((w) => w.length > 1);
}

/** Word triples: robust to a portal cutting a description short or adding its own footer. */
function shingles(text: string): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  for (let i = 0; i + 2 < w.length; i++) out.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  return out;
}

/** Overlap relative to the smaller set (a truncated copy still matches); null when either is empty. */
function similarity(a: Set<string>, b: Set<string>): number | null {
  if (a.size === 0 || b.size === 0) return null;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared / small.size;
}

/**
 * Share of photos that are the same picture. Cross-posts upload the same files to each portal's
 * CDN, so the file name survives while the host and path differ; production would compare
 * perceptual hashes of the images instead.
 */
function sharedPhotos(a: string[], b: string[]): number | null {
  if (a.length === 0 || b.length === 0) return null;
  return similarity(new Set(a.map(photoKey)), new Set(b.map(photoKey)));
}

function photoKey(url: string): string {
  const path = url.split(/[?#]/)[0];
  return path.slice(path.lastIndexOf('/') + 1).toLowerCase();
}

/**
 * Lookup keys for candidates: the municipality, ~450 m cells for GPS points near a boundary and
 * ~3.5 km cells that meet text-located listings. The offer type is left out (it may differ
 * between portals), the layout kept for flats only (houses often have none on one portal).
 * `lookup` gives the keys to search with, otherwise the keys to store an offer under.
 */
export function dedupeKeysOf(
  f: Pick<DedupeFacts, 'realEstateType' | 'dispositionLabel' | 'municipalityCode' | 'gpsPoint' | 'placePoint' | 'area' | 'landArea'>,
  lookup = false,
): string[] {
  const prefix = `${f.realEstateType}|${f.realEstateType === 'Apartment' ? f.dispositionLabel ?? '-' : '*'}`;
  const keys = f.municipalityCode ? municipalityKeys(`${prefix}|m${f.municipalityCode}`, f, lookup) : [];
  const span = lookup ? 1 : 0;
  if (f.gpsPoint) {
    keys.push(...cells(`${prefix}|c`, f.gpsPoint, FINE, span));
    if (!lookup) keys.push(...cells(`${prefix}|k`, f.gpsPoint, COARSE, 0));
  } else if (f.placePoint && lookup) {
    keys.push(...cells(`${prefix}|k`, f.placePoint, COARSE, 1));
  }
  return keys;
}

/**
 * A town holds thousands of flats of one layout: its key also names a size band, so a lookup
 * reads only the offers whose size can pass the gate. Bands are steps of `ln(size + c)` with
 * `c = absolute / relative` tolerance and a step just over `1 / (1 - relative)`, so two sizes
 * within the gate's tolerance are at most one band apart. Offers without the size are under
 * `a*`; a lookup without it reads every band (`a?`: a prefix of keys, see `bandlessLookup`).
 */
const BAND_STEP = Math.log(1 / (1 - AREA_TOLERANCE.relative) + 0.0001);

function sizeBand(f: Pick<DedupeFacts, 'realEstateType' | 'area' | 'landArea'>): number | null {
  const land = f.realEstateType === 'Land';
  const size = land ? f.landArea : f.area;
  if (size == null) return null;
  const t = land ? LAND_TOLERANCE : AREA_TOLERANCE;
  return Math.floor(Math.log(size + t.absolute / t.relative) / BAND_STEP);
}

function municipalityKeys(base: string, f: Pick<DedupeFacts, 'realEstateType' | 'area' | 'landArea'>, lookup: boolean): string[] {
  const band = sizeBand(f);
  if (!lookup) return [`${base}|a${band ?? '*'}`];
  if (band === null) return [`${base}|a?`];
  return [`${base}|a${band - 1}`, `${base}|a${band}`, `${base}|a${band + 1}`, `${base}|a*`];
}

/** A lookup key that stands for every band of its base (`…|a?`): the stored keys starting with the answer. */
export function bandlessLookup(key: string): string | null {
  return key.endsWith('|a?') ? key.slice(0, -1) : null;
}

const FINE = { lat: 0.004, lon: 0.006 };
const COARSE = { lat: 0.03, lon: 0.045 };

function cells(prefix: string, p: GeoPoint, size: { lat: number; lon: number }, span: number): string[] {
  const row = Math.floor(p.lat / size.lat);
  const col = Math.floor(p.lon / size.lon);
  const out: string[] = [];
  for (let r = row - span; r <= row + span; r++) for (let c = col - span; c <= col + span; c++) out.push(`${prefix}${r}:${c}`);
  return out;
}
