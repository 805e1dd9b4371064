import {
  AD_TYPES, DISPOSITION_LABELS, HOUSE_TYPES, LAND_TYPES, MAX_WORD_TERMS, PLACE_KINDS, REAL_ESTATE_TYPES, SELLER_CHOICES, TERRACE_TYPES,
  WatchdogCriteria, canonicalTerm, type PlaceKind,
} from '@rr/proto';
import { FieldErrors } from '../http/api-error';
import type { Translate } from '../i18n/messages';
import type { PlaceDirectory } from '../places/place-directory';
import { validateMapArea } from './map-area-validation';

type Raw = Record<string, unknown>;

const RANGES = ['area', 'price', 'pricePerM2', 'landArea', 'beds'] as const;
/** Areas must be above 0 when given (the spec's "Zadejte oblast vyšší než 0"). */
const AREAS = new Set<string>(['area', 'landArea']);

function list(raw: Raw, field: string, allowed: readonly string[], errors: FieldErrors, tr: Translate, required: boolean): string[] {
  const value = raw[field] ?? [];
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !allowed.includes(v))) {
    errors.add(field, required ? tr('pickOne') : tr('invalidChoice'));
    return [];
  }
  const unique = [...new Set(value as string[])];
  if (required && unique.length === 0) errors.add(field, tr('pickOne'));
  return unique;
}

function range(raw: Raw, field: (typeof RANGES)[number], errors: FieldErrors, tr: Translate): { from: number | null; to: number | null } {
  const value = (raw[field] ?? {}) as Raw;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.add(field, tr('invalidForm'));
    return { from: null, to: null };
  }
  const end = (key: 'from' | 'to'): number | null => {
    const v = value[key];
    if (v == null || v === '') return null;
    const n = typeof v === 'string' ? Number(v.replace(/\s/g, '').replace(',', '.')) : v;
    if (typeof n !== 'number' || !Number.isFinite(n)) {
      errors.add(`${field}.${key}`, tr('invalidForm'));
      return null;
    }
    if (AREAS.has(field) && n <= 0) errors.add(`${field}.${key}`, tr('areaAboveZero'));
    else if (n < 0) errors.add(`${field}.${key}`, tr('nonNegative'));
    return n;
  };
  const from = end('from');
  const to = end('to');
  if (from != null && to != null && from > to) errors.add(`${field}.to`, tr('rangeOrder'));
  return { from, to };
}

/** Wanted and refused words: each term one word (or a prefix with `*`), at most 20 per list. */
function words(raw: Raw, errors: FieldErrors, tr: Translate): { any: string[]; none: string[] } {
  const value = (raw.words ?? {}) as Raw;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.add('words', tr('invalidForm'));
    return { any: [], none: [] };
  }
  const terms = (list: 'any' | 'none'): string[] => {
    const given = value[list] ?? [];
    if (!Array.isArray(given)) {
      errors.add(`words.${list}`, tr('invalidForm'));
      return [];
    }
    const canonical = given.map((t) => (typeof t === 'string' ? canonicalTerm(t) : null));
    if (canonical.some((t) => t === null)) errors.add(`words.${list}`, tr('wordTerm'));
    const unique = [...new Set(canonical.filter((t): t is string => t !== null))];
    if (unique.length > MAX_WORD_TERMS) errors.add(`words.${list}`, tr('wordTerms'));
    return unique;
  };
  return { any: terms('any'), none: terms('none') };
}

/** Who offers come from (criteria-seller.ts); missing means anyone. */
function seller(raw: Raw, errors: FieldErrors, tr: Translate): (typeof SELLER_CHOICES)[number] {
  const value = raw.seller ?? 'any';
  if (typeof value !== 'string' || !(SELLER_CHOICES as readonly string[]).includes(value)) {
    errors.add('seller', tr('sellerChoice'));
    return 'any';
  }
  return value as (typeof SELLER_CHOICES)[number];
}

function places(raw: Raw, errors: FieldErrors, tr: Translate, directory: PlaceDirectory) {
  const value = raw.places;
  // Neither places nor an area: say that either will do (the proto schema's rule, in the spec's words).
  if (value == null || (Array.isArray(value) && value.length === 0)) {
    errors.add('places', tr('locationOrArea'));
    return [];
  }
  if (!Array.isArray(value) || value.length > 20) {
    errors.add('places', tr('location'));
    return [];
  }
  return value.flatMap((p: unknown, i: number) => {
    const place = (p ?? {}) as Raw;
    const kind = place.kind as PlaceKind;
    const code = typeof place.code === 'string' ? place.code.trim() : '';
    const known = PLACE_KINDS.includes(kind) && code ? directory.resolve(kind, code) : null;
    if (!known) {
      errors.add('places', tr('location'));
      return [];
    }
    const radius = place.radiusKm == null || place.radiusKm === '' ? 0 : Number(place.radiusKm);
    if (!Number.isFinite(radius) || radius < 0 || radius > 100) {
      errors.add(`places.${i}.radiusKm`, tr('invalidChoice'));
      return [];
    }
    return [{ kind, code, name: known.name, point: known.point, radiusKm: radius }];
  });
}

/**
 * Checks the criteria of a watchdog form with the spec's messages (first message per field) and
 * answers them in canonical form: place names and centres come from the gazetteer, never from
 * the client; lists lose duplicates.
 */
export type CriteriaOptions = {
  /** The owner's tier has price-drop alerts: without them the choice is dropped (it only adds alerts). */
  priceDropsAllowed: boolean;
  /** Which other alerts about offers already seen the tier allows; a kind not allowed is stored off. */
  backOnMarketAllowed?: boolean;
  noLongerActiveAllowed?: boolean;
  /**
   * The owner's tier has words and the seller choice (`narrowingFilters`). Without them these are
   * refused with a message rather than dropped: dropping them would widen the watchdog to offers
   * the person excluded. Not given: allowed (callers that check no tier).
   */
  narrowingAllowed?: boolean;
  /**
   * Polygons the owner's tier may draw in one area (`mapAreaPolygons`). More are refused with a
   * message, not cut: dropping a polygon would change where the person watches. Not given: the
   * area's own limit alone (callers that check no tier).
   */
  mapAreaPolygons?: number;
};

export function validateCriteria(input: unknown, tr: Translate, directory: PlaceDirectory, options: CriteriaOptions): WatchdogCriteria {
  const errors = new FieldErrors();
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    errors.add('criteria', tr('required'));
    errors.throwIfAny('INVALID_FORM');
  }
  const raw = input as Raw;
  const area = validateMapArea(raw.mapArea, errors, tr, directory);
  const candidate = {
    adTypes: list(raw, 'adTypes', AD_TYPES, errors, tr, true),
    realEstateTypes: list(raw, 'realEstateTypes', REAL_ESTATE_TYPES, errors, tr, true),
    dispositions: list(raw, 'dispositions', DISPOSITION_LABELS, errors, tr, false),
    landTypes: list(raw, 'landTypes', LAND_TYPES, errors, tr, false),
    houseTypes: list(raw, 'houseTypes', HOUSE_TYPES, errors, tr, false),
    terraceTypes: list(raw, 'terraceTypes', TERRACE_TYPES, errors, tr, false),
    ...Object.fromEntries(RANGES.map((r) => [r, range(raw, r, errors, tr)])),
    elevatorOnly: raw.elevatorOnly === true,
    includeWithoutPrice: raw.includeWithoutPrice !== false,
    priceDrops: options.priceDropsAllowed && raw.priceDrops === true,
    backOnMarket: options.backOnMarketAllowed === true && raw.backOnMarket === true,
    noLongerActive: options.noLongerActiveAllowed === true && raw.noLongerActive === true,
    // An area drawn on the map brings its own place (map-area-validation.ts).
    places: raw.mapArea != null ? (area ? [area.place] : []) : places(raw, errors, tr, directory),
    mapArea: area?.mapArea ?? null,
    words: words(raw, errors, tr),
    seller: seller(raw, errors, tr),
  };
  if (area && options.mapAreaPolygons !== undefined && area.mapArea.coordinates.length > options.mapAreaPolygons) errors.add('mapArea', tr('mapAreaMorePaid'));
  if (options.narrowingAllowed === false) {
    if (candidate.words.any.length > 0 || candidate.words.none.length > 0) errors.add('words', tr('narrowingPaid'));
    if (candidate.seller !== 'any') errors.add('seller', tr('narrowingPaid'));
  }
  errors.throwIfAny();
  return WatchdogCriteria.parse(candidate);
}
