import { z } from 'zod';
import { AD_TYPES, DISPOSITION_LABELS, HOUSE_TYPES, LAND_TYPES, LOCALES, REAL_ESTATE_TYPES, RECORD_STATUSES, TERRACE_TYPES } from '../domain/enums';
import { Delivery, WatchdogMember } from '../domain/delivery';
import { PLACE_KINDS } from '../domain/location';
import { SELLER_CHOICES } from '../domain/criteria-seller';
import { MAX_WORD_TERMS, canonicalTerm } from '../domain/criteria-words';
import type { Range, Watchdog, WatchdogCriteria } from '../domain/watchdog';
import type { WatchdogPlace } from '../domain/location';
import type { MapArea } from '../domain/criteria-area';
import type { WatchdogChangedV1 } from './watchdog';

/**
 * `WatchdogChangedV1.safeParse` by hand, for the matcher's replay of the compacted topic: a
 * million events through the zod schema took 50–85 µs each (most of the replay), this takes a
 * few. Answers exactly what the schema answers — the same value (defaults filled, unknown keys
 * dropped, keys in the schema's order, word terms canonical) — or `undefined` where the schema
 * would refuse the data; `watchdog-fast.test.ts` holds it to the schema on generated valid
 * events and many mutated ones. Callers take `undefined` to zod (`parseEventData`), which gives
 * the refusal its reason, so a stricter answer here could only cost time, never a watchdog.
 * The rare parts (delivery, members) go through their zod schemas as they are.
 */
export function parseWatchdogChangedFast(data: unknown): WatchdogChangedV1 | undefined {
  if (!isObject(data) || typeof data.watchdogId !== 'string') return undefined;
  const raw = data.watchdog;
  if (raw === null) return { watchdogId: data.watchdogId, watchdog: null };
  const watchdog = parseWatchdog(raw);
  return watchdog === undefined ? undefined : { watchdogId: data.watchdogId, watchdog };
}

/**
 * A plain object, as zod's object schemas take it: what JSON.parse makes, from any realm (jest's
 * test context is another). Stricter than zod, which takes class instances too; the fallback to
 * zod covers those.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && isPlain(v);
const isPlain = (v: object) => {
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === null || Object.getPrototypeOf(proto) === null;
};
/** zod's `z.number()`: any number but NaN. */
const isNumber = (v: unknown): v is number => typeof v === 'number' && !Number.isNaN(v);
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** zod 3.25's `z.string().email()` pattern (not exported by zod; the differential test holds it). */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Z0-9_'+\-\.]*)[A-Z0-9_+-]@([A-Z0-9][A-Z0-9\-]*\.)+[A-Z]{2,}$/i;
/** `z.string().datetime()`: zod's own pattern (UTC `Z`, any fraction of a second), made once rather than per check. */
const DATETIME = z.datetimeRegex({ precision: null, offset: false, local: false });
const isDatetime = (v: unknown): v is string => typeof v === 'string' && DATETIME.test(v);

const setOf = (values: readonly string[]) => new Set<unknown>(values);
const LOCALE = setOf(LOCALES);
const STATUS = setOf(RECORD_STATUSES);
const AD_TYPE = setOf(AD_TYPES);
const REAL_ESTATE_TYPE = setOf(REAL_ESTATE_TYPES);
const LAYOUT = setOf(DISPOSITION_LABELS);
const LAND_TYPE = setOf(LAND_TYPES);
const HOUSE_TYPE = setOf(HOUSE_TYPES);
const TERRACE_TYPE = setOf(TERRACE_TYPES);
const PLACE_KIND = setOf(PLACE_KINDS);
const SELLER = setOf(SELLER_CHOICES);

const Members = z.array(WatchdogMember);

function parseWatchdog(w: unknown): Watchdog | undefined {
  if (!isObject(w)) return undefined;
  const { id, userId, email, locale, ownerRole, status, createdAt, updatedAt, expiresAt, lastEmailAt, sentCount } = w;
  if (typeof id !== 'string' || (userId !== null && typeof userId !== 'string')) return undefined;
  if (typeof email !== 'string' || !EMAIL.test(email) || !LOCALE.has(locale) || !isInt(ownerRole)) return undefined;
  const adsConsent = w.adsConsent === undefined ? false : w.adsConsent;
  if (typeof adsConsent !== 'boolean') return undefined;
  const name = w.name === undefined ? null : w.name;
  if (name !== null && typeof name !== 'string') return undefined;
  const criteria = parseCriteria(w.criteria);
  if (criteria === undefined || !STATUS.has(status) || !isDatetime(createdAt) || !isDatetime(updatedAt)) return undefined;
  if ((expiresAt !== null && !isDatetime(expiresAt)) || (lastEmailAt !== null && !isDatetime(lastEmailAt))) return undefined;
  if (!isInt(sentCount) || sentCount < 0) return undefined;
  const out: Watchdog = {
    id, userId: userId as string | null, email, locale: locale as Watchdog['locale'], ownerRole, adsConsent, name, criteria,
    status: status as Watchdog['status'], createdAt, updatedAt, expiresAt: expiresAt as string | null, lastEmailAt: lastEmailAt as string | null, sentCount,
  };
  // Optional keys: absent stays absent; present (even as undefined) is set, as zod sets them.
  if ('delivery' in w) {
    if (w.delivery === undefined) out.delivery = undefined;
    else {
      const delivery = Delivery.safeParse(w.delivery);
      if (!delivery.success) return undefined;
      out.delivery = delivery.data;
    }
  }
  if ('members' in w) {
    if (w.members === undefined) out.members = undefined;
    else {
      const members = Members.safeParse(w.members);
      if (!members.success) return undefined;
      out.members = members.data;
    }
  }
  return out;
}

function parseCriteria(c: unknown): WatchdogCriteria | undefined {
  if (!isObject(c)) return undefined;
  const adTypes = enumList(c.adTypes, AD_TYPE, 1);
  const realEstateTypes = enumList(c.realEstateTypes, REAL_ESTATE_TYPE, 1);
  const dispositions = enumList(c.dispositions === undefined ? [] : c.dispositions, LAYOUT, 0);
  const area = parseRange(c.area);
  const price = parseRange(c.price);
  const pricePerM2 = parseRange(c.pricePerM2);
  const landArea = parseRange(c.landArea);
  const landTypes = enumList(c.landTypes === undefined ? [] : c.landTypes, LAND_TYPE, 0);
  const houseTypes = enumList(c.houseTypes === undefined ? [] : c.houseTypes, HOUSE_TYPE, 0);
  const beds = parseRange(c.beds);
  const elevatorOnly = orDefault(c.elevatorOnly, false);
  const terraceTypes = enumList(c.terraceTypes === undefined ? [] : c.terraceTypes, TERRACE_TYPE, 0);
  const places = parsePlaces(c.places);
  const includeWithoutPrice = orDefault(c.includeWithoutPrice, true);
  const priceDrops = orDefault(c.priceDrops, false);
  const backOnMarket = orDefault(c.backOnMarket, false);
  const noLongerActive = orDefault(c.noLongerActive, false);
  const words = parseWords(c.words);
  const mapArea = c.mapArea === undefined || c.mapArea === null ? null : parseMapArea(c.mapArea);
  const seller = c.seller === undefined ? 'any' : c.seller;
  if (
    adTypes === undefined || realEstateTypes === undefined || dispositions === undefined || area === undefined || price === undefined ||
    pricePerM2 === undefined || landArea === undefined || landTypes === undefined || houseTypes === undefined || beds === undefined ||
    elevatorOnly === undefined || terraceTypes === undefined || places === undefined || includeWithoutPrice === undefined ||
    priceDrops === undefined || backOnMarket === undefined || noLongerActive === undefined || words === undefined ||
    mapArea === undefined || !SELLER.has(seller)
  ) return undefined;
  // The schema's rule across fields: somewhere to watch, places or an area.
  if (places.length === 0 && mapArea === null) return undefined;
  return {
    adTypes, realEstateTypes, dispositions, area, price, pricePerM2, landArea, landTypes, houseTypes, beds, elevatorOnly, terraceTypes, places,
    includeWithoutPrice, priceDrops, backOnMarket, noLongerActive, words, mapArea, seller: seller as WatchdogCriteria['seller'],
  } as WatchdogCriteria;
}

/** A boolean with a default for a missing one (null is not missing: zod refuses it). */
function orDefault(v: unknown, fallback: boolean): boolean | undefined {
  if (v === undefined) return fallback;
  return typeof v === 'boolean' ? v : undefined;
}

/** `z.array(z.enum(...)).min(min)`: a new array of the same strings. */
function enumList<T extends string>(v: unknown, allowed: Set<unknown>, min: number): T[] | undefined {
  if (!Array.isArray(v) || v.length < min) return undefined;
  const out = new Array<T>(v.length);
  for (let i = 0; i < v.length; i++) {
    if (!allowed.has(v[i])) return undefined;
    out[i] = v[i] as T;
  }
  return out;
}

/** `Range.default({})`: each end a number ≥ 0, null or missing, `from` not above `to`. */
function parseRange(v: unknown): Range | undefined {
  if (v === undefined) return {};
  if (!isObject(v)) return undefined;
  const { from, to } = v;
  if (!rangeEnd(from) || !rangeEnd(to)) return undefined;
  if (from != null && to != null && from > to) return undefined;
  const out: Range = {};
  if ('from' in v) out.from = from;
  if ('to' in v) out.to = to;
  return out;
}
const rangeEnd = (v: unknown): v is number | null | undefined => v === undefined || v === null || (isNumber(v) && v >= 0);

function parsePlaces(v: unknown): WatchdogPlace[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > 20) return undefined;
  const out = new Array<WatchdogPlace>(v.length);
  for (let i = 0; i < v.length; i++) {
    const place = parsePlace(v[i]);
    if (place === undefined) return undefined;
    out[i] = place;
  }
  return out;
}

function parsePlace(p: unknown): WatchdogPlace | undefined {
  if (!isObject(p)) return undefined;
  const { kind, code, name, point } = p;
  const radiusKm = p.radiusKm === undefined ? 0 : p.radiusKm;
  if (!PLACE_KIND.has(kind) || typeof code !== 'string' || code.length < 1 || typeof name !== 'string' || name.length < 1) return undefined;
  if (!isNumber(radiusKm) || radiusKm < 0 || radiusKm > 100) return undefined;
  const out = { kind, code, name } as WatchdogPlace;
  if ('point' in p) {
    if (point === undefined || point === null) out.point = point;
    else {
      if (!isObject(point)) return undefined;
      const { lat, lon } = point;
      if (!isNumber(lat) || lat < -90 || lat > 90 || !isNumber(lon) || lon < -180 || lon > 180) return undefined;
      out.point = { lat, lon };
    }
  }
  out.radiusKm = radiusKm;
  return out;
}

/** `WordsCriterion`: terms made canonical (a term that is not one word refuses all), deduplicated and sorted. */
function parseWords(v: unknown): WatchdogCriteria['words'] | undefined {
  if (v === undefined) return { any: [], none: [] };
  if (!isObject(v)) return undefined;
  const any = parseTerms(v.any);
  const none = parseTerms(v.none);
  return any === undefined || none === undefined ? undefined : { any, none };
}

function parseTerms(v: unknown): string[] | undefined {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.length > MAX_WORD_TERMS) return undefined;
  if (v.length === 0) return [];
  const terms: string[] = [];
  for (const raw of v) {
    if (typeof raw !== 'string') return undefined;
    const term = canonicalTerm(raw);
    if (term === null) return undefined;
    terms.push(term);
  }
  return [...new Set(terms)].sort();
}

/** `MapArea`: a MultiPolygon whose positions are 2–3 numbers (its geometry was checked where it was drawn). */
function parseMapArea(v: unknown): MapArea | undefined {
  if (!isObject(v) || v.type !== 'MultiPolygon' || !Array.isArray(v.coordinates)) return undefined;
  const polygons = v.coordinates;
  const out: number[][][][] = new Array(polygons.length);
  for (let i = 0; i < polygons.length; i++) {
    const rings = polygons[i];
    if (!Array.isArray(rings)) return undefined;
    const outRings: number[][][] = (out[i] = new Array(rings.length));
    for (let j = 0; j < rings.length; j++) {
      const ring = rings[j];
      if (!Array.isArray(ring)) return undefined;
      const outRing: number[][] = (outRings[j] = new Array(ring.length));
      for (let k = 0; k < ring.length; k++) {
        const position = ring[k];
        if (!Array.isArray(position) || position.length < 2 || position.length > 3) return undefined;
        for (let m = 0; m < position.length; m++) if (!isNumber(position[m])) return undefined;
        outRing[k] = position.slice();
      }
    }
  }
  return { type: 'MultiPolygon', coordinates: out };
}
