import * as proto from '@rr/proto';
import type { Offer, PlaceKind, Range, RealEstateType, WatchdogCriteria } from '@rr/proto';
import * as rowLayout from './entry-rows';
import type { EntryRows } from './entry-rows';
import * as flagBits from './entry-flags';
import * as keys from './keys';
import * as postingLayout from './postings';
import { GrowableF64 } from './growable';
import { Postings } from './postings';

/**
 * Every active watchdog in memory, answering "which watchdogs does this offer match?" without
 * looking at the others. Watchdogs are filed under selective keys — offer type × property type ×
 * location (a region, district, municipality or Prague-district code, or a grid cell covered by
 * a surrounding-area circle) × layout — and within a key under the price band of their lower
 * price bound, sorted by descending upper bound. A lookup reads the offer's few keys and walks
 * only the entries whose price range can contain the offer's price; each entry carries in its
 * own columns what the checks need (flags and type masks, floor area, the circle; the rarer
 * ranges in a record laid out in entry order), so the walk reads memory front to back and
 * allocates nothing. The meaning of each criterion is `matchesCriteria` from @rr/proto; the
 * tests hold the two to the same answers.
 */

// Read once: transpiled modules expose their exports through getters, too slow for hot code.
const {
  AREA, BEDS, ELEVATOR, EXTRAS_CHECKS, HOUSE_TYPE_MASK, HOUSE_TYPE_SHIFT, INEXACT, LAND_AREA, LAND_TYPE_MASK, LAND_TYPE_SHIFT,
  PRICED_ONLY, PRICE_PER_M2, PRICE_RESTRICTED, RARE, RARE_CHECKS, REMOVED, REPEAT, TERRACE_MASK,
} = flagBits;
const { CELL_LEVELS, cellOf, cellsAround } = keys;
const { BY_FROM, GROUP_WORDS } = postingLayout;
const { TO, FROM, AREA_LO, AREA_HI, LAND_LO, LAND_HI, META, SLOT, AUX, LAT, LON, COS_LAT, EDGE, CIRCLE, EXTRA, float32Down, float32Up } = rowLayout;
const { AD_TYPES, DISPOSITION_LABELS, EARTH_RADIUS_KM, HOUSE_TYPES, LAND_TYPES, REAL_ESTATE_TYPES, TERRACE_TYPES, criterionApplies, distanceKm, pricePerM2Of } = proto;
const indexes = <T extends string>(values: readonly T[], offset = 0) => Object.fromEntries(values.map((v, i) => [v, i + offset])) as Record<T, number>;
const AD_INDEX = indexes(AD_TYPES);
const TYPE_INDEX = indexes(REAL_ESTATE_TYPES);
/** Layout 0 files the watchdogs that name no layout (and every type a layout does not apply to). */
const LAYOUT_INDEX = indexes(DISPOSITION_LABELS, 1);
const LAYOUTS = DISPOSITION_LABELS.length + 1;
const LAYOUTS_APPLY = REAL_ESTATE_TYPES.map((t) => criterionApplies('dispositions', t));
const bucketOf = (location: number, ad: number, type: number, layout: number) => ((location * AD_TYPES.length + ad) * REAL_ESTATE_TYPES.length + type) * LAYOUTS + layout;

const bitOf = <T>(values: readonly T[], value: T | null | undefined) => (value == null ? 0 : 1 << values.indexOf(value));
const maskOf = <T>(values: readonly T[], list: readonly T[]) => list.reduce((m, v) => m | bitOf(values, v), 0);
const lo = (r: Range | undefined) => r?.from ?? -Infinity;
const hi = (r: Range | undefined) => r?.to ?? Infinity;
const restricted = (r: Range | undefined) => r != null && (r.from != null || r.to != null);

/** The flags that apply to each property type (a land plot has no lift); the rest are dropped when filing. */
const SCOPE = REAL_ESTATE_TYPES.map((t: RealEstateType) => {
  let mask = BEDS | PRICE_PER_M2 | PRICED_ONLY | REPEAT | PRICE_RESTRICTED | INEXACT;
  if (criterionApplies('area', t)) mask |= AREA;
  if (criterionApplies('landArea', t)) mask |= LAND_AREA;
  if (criterionApplies('elevatorOnly', t)) mask |= ELEVATOR;
  if (criterionApplies('terraceTypes', t)) mask |= TERRACE_MASK;
  if (criterionApplies('landTypes', t)) mask |= LAND_TYPE_MASK;
  if (criterionApplies('houseTypes', t)) mask |= HOUSE_TYPE_MASK;
  return mask;
});

/**
 * Relative margin of the cheap bounds on the haversine value (covering the 32-bit cos latitude
 * and edge in the row); exact arithmetic decides inside it.
 */
const NEAR_EDGE = 1e-6;
const HALF_RADIAN = Math.PI / 360;
/** Location ids of an offer: up to four codes and one cell per level. */
const MAX_LOCATIONS = 4 + CELL_LEVELS;

export class FilterIndex {
  /** Entries of places matched by code, and of grid cells under surrounding-area circles. */
  private readonly codes = new Postings(false);
  private readonly circles = new Postings(true);
  private readonly codeIds: Record<PlaceKind, Map<string, number>> = { region: new Map(), district: new Map(), municipality: new Map(), pragueDistrict: new Map() };
  private readonly cellIds = new Map<number, number>();
  private nextCodeId = 0;
  private nextCellId = 0;

  private readonly slotOfId = new Map<string, number>();
  private readonly ids: Array<string | undefined> = [];
  private readonly extras = new Float64Array(10);
  /** Exact radius of each surrounding-area circle filed (rows keep a 32-bit haversine value). */
  private readonly radii = new GrowableF64();

  /** Watchdogs met in this lookup, one bit per slot (cleared through the results afterwards). */
  private seen = new Int32Array(64);
  private out = new Int32Array(1024);
  private readonly locations = new Int32Array(MAX_LOCATIONS);
  private locationCount = 0;

  // The lookup's query, read by `scan`; unknown numbers are NaN, which fails every range.
  /** Upper price bounds below `qLow` and lower ones above `qHigh` fail (±∞ when the price is not checked). */
  private qLow = 0;
  private qHigh = 0;
  private qHasPrice = false;
  private qReject = 0;
  private qBits = 0;
  private qArea = NaN;
  private qLandArea = NaN;
  private qBeds = NaN;
  private qPricePerM2 = NaN;
  private qLat = 0;
  private qLon = 0;
  private qCosLat = 0;

  get size(): number {
    return this.slotOfId.size;
  }

  /** Entries added since the bulk build plus removed ones still taking room; see `needsRebuild`. */
  get churn(): number {
    return this.codes.churn + this.circles.churn;
  }

  /** After many changes a fresh bulk build is faster to query and smaller. */
  get needsRebuild(): boolean {
    const churn = this.churn;
    return churn > 50_000 && churn > (this.codes.size + this.circles.size) / 10;
  }

  /** The matching slots of the last `matchSlots` (valid until the next lookup). */
  get slots(): Int32Array {
    return this.out;
  }

  has(id: string): boolean {
    return this.slotOfId.has(id);
  }

  idOf(slot: number): string {
    return this.ids[slot]!;
  }

  slotOf(id: string): number | undefined {
    return this.slotOfId.get(id);
  }

  /** Adds a watchdog and returns its slot; to change one, remove it first. */
  add(id: string, criteria: WatchdogCriteria): number {
    if (this.slotOfId.has(id)) throw new Error(`watchdog ${id} is already in the index; remove it first`);
    const slot = this.ids.push(id) - 1;
    this.slotOfId.set(id, slot);
    if (this.seen.length * 32 <= slot) this.growSeen(slot);
    this.file(slot, criteria);
    return slot;
  }

  /** Removes a watchdog (the criteria are not needed; the parameter is kept for callers that pass them). */
  remove(id: string, _criteria?: WatchdogCriteria): boolean {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return false;
    this.codes.removeSlot(slot);
    this.circles.removeSlot(slot);
    this.slotOfId.delete(id);
    this.ids[slot] = undefined;
    return true;
  }

  /** Packs the bulk-loaded entries; later additions go to small overlays. */
  seal(): void {
    this.codes.seal(this.ids.length);
    this.circles.seal(this.ids.length);
  }

  match(offer: Offer): string[] {
    const count = this.matchSlots(offer);
    return Array.from(this.out.subarray(0, count), (slot) => this.ids[slot]!);
  }

  /** The number of matching watchdogs; their slots are `slots[0 … count-1]`. Allocates nothing. */
  matchSlots(offer: Offer): number {
    this.seal();
    const ad = AD_INDEX[offer.adType];
    const type = TYPE_INDEX[offer.realEstateType];
    if (ad === undefined || type === undefined) return 0;
    const layout = LAYOUTS_APPLY[type] && offer.dispositionLabel != null ? LAYOUT_INDEX[offer.dispositionLabel] : 0;
    this.prepare(offer);
    const codes = this.locationsOf(offer);
    let count = 0;
    for (let i = 0; i < this.locationCount; i++) {
      const postings = i < codes ? this.codes : this.circles;
      // Watchdogs that name no layout, then those that name the offer's.
      count = this.scanBucket(postings, bucketOf(this.locations[i], ad, type, 0), count);
      if (layout > 0) count = this.scanBucket(postings, bucketOf(this.locations[i], ad, type, layout), count);
    }
    const seen = this.seen;
    const out = this.out;
    for (let k = 0; k < count; k++) seen[out[k] >>> 5] = 0;
    return count;
  }

  private prepare(offer: Offer): void {
    const price = offer.price;
    const hasPrice = price != null;
    this.qHasPrice = hasPrice;
    // A price that is not a number fails every restricted range and passes the open ones.
    const checked = hasPrice && !Number.isNaN(price);
    this.qLow = checked ? price : -Infinity;
    this.qHigh = checked ? price : Infinity;
    let reject = REMOVED;
    if (!hasPrice) reject |= PRICED_ONLY;
    else if (!checked) reject |= PRICE_RESTRICTED;
    if (offer.elevator !== true) reject |= ELEVATOR;
    this.qReject = reject;
    this.qBits = maskOf(TERRACE_TYPES, offer.terraceTypes) | (bitOf(LAND_TYPES, offer.landType) << LAND_TYPE_SHIFT) | (bitOf(HOUSE_TYPES, offer.houseType) << HOUSE_TYPE_SHIFT);
    this.qArea = offer.area ?? NaN;
    this.qLandArea = offer.landArea ?? NaN;
    this.qBeds = offer.beds ?? NaN;
    this.qPricePerM2 = hasPrice ? pricePerM2Of(offer) ?? NaN : NaN;
    const point = offer.location.point;
    this.qLat = point ? point.lat : 0;
    this.qLon = point ? point.lon : 0;
    this.qCosLat = point ? Math.cos((point.lat * Math.PI) / 180) : 0;
  }

  /** The groups of a bucket that can hold the offer's price (see `Postings`), then its overlay. */
  private scanBucket(p: Postings, bucket: number, count: number): number {
    let first = 0;
    let last = 0;
    const table = p.bucketStart;
    if (table !== null) {
      if (bucket + 1 < table.length) {
        first = table[bucket];
        last = table[bucket + 1];
      }
    } else {
      const packed = p.buckets.get(bucket);
      if (packed !== undefined) {
        first = Math.floor(packed / 2 ** 20);
        last = first + (packed % 2 ** 20);
      }
    }
    if (first < last) {
      const groups = p.groups;
      const low = this.qLow;
      const high = this.qHigh;
      const end = last * GROUP_WORDS;
      for (let g = first * GROUP_WORDS; g < end; g += GROUP_WORDS) {
        if (groups[g + 5] === BY_FROM) {
          count = this.scan(p.base, groups[g + 1], groups[g + 2], false, true, count);
          continue;
        }
        // The remaining groups are by ascending lower bound.
        if (groups[g + 3] > high) break;
        if (groups[g] < low) continue;
        count = this.scan(p.base, groups[g + 1], groups[g + 2], true, false, count);
      }
    }
    if (p.overlayEntries === 0) return count;
    const overlay = p.overlay.get(bucket);
    return overlay ? this.scan(overlay, 0, overlay.length, false, false, count) : count;
  }

  /**
   * Walks entries [start, end) of a group sorted by descending upper bound (`byTo`: it stops at
   * the first below the price), by ascending lower bound (`byFrom`: stops at the first above it),
   * or unsorted (an overlay).
   */
  private scan(rows: EntryRows, start: number, end: number, byTo: boolean, byFrom: boolean, count: number): number {
    if (count + end - start > this.out.length) this.growOut(count + end - start);
    const out = this.out;
    const seen = this.seen;
    const low = this.qLow;
    const high = this.qHigh;
    const reject = this.qReject;
    const area = this.qArea;
    const landArea = this.qLandArea;
    const { floats, ints, stride, geo } = rows;
    // Module-level constants are context loads on every use; locals stay in registers.
    const [to, from, areaLo, areaHi, landLo, landHi, metaAt, slotAt] = [TO, FROM, AREA_LO, AREA_HI, LAND_LO, LAND_HI, META, SLOT];
    const [areaFlag, landFlag, rareFlag, repeatFlag] = [AREA, LAND_AREA, RARE, REPEAT];
    for (let u = start * stride, last = end * stride; u < last; u += stride) {
      if (floats[u + to] < low) {
        if (byTo) break;
        continue;
      }
      if (floats[u + from] > high) {
        if (byFrom) break;
        continue;
      }
      const meta = ints[u + metaAt];
      if ((meta & reject) !== 0) continue;
      if ((meta & areaFlag) !== 0 && !(area >= floats[u + areaLo] && area <= floats[u + areaHi])) continue;
      if ((meta & landFlag) !== 0 && !(landArea >= floats[u + landLo] && landArea <= floats[u + landHi])) continue;
      if ((meta & rareFlag) !== 0 && !this.passesRare(rows, u, meta)) continue;
      if (geo && !this.withinCircle(rows, u)) continue;
      const slot = ints[u + slotAt];
      if ((meta & repeatFlag) !== 0) {
        const word = slot >>> 5;
        const bit = 1 << (slot & 31);
        if ((seen[word] & bit) !== 0) continue;
        seen[word] |= bit;
      }
      out[count++] = slot;
    }
    return count;
  }

  /** Type masks (one of the offer's values allowed) and the exact ranges of the extras record of the row at `u`. */
  private passesRare(rows: EntryRows, u: number, meta: number): boolean {
    const bits = this.qBits;
    if ((meta & TERRACE_MASK) !== 0 && (meta & bits & TERRACE_MASK) === 0) return false;
    if ((meta & LAND_TYPE_MASK) !== 0 && (meta & bits & LAND_TYPE_MASK) === 0) return false;
    if ((meta & HOUSE_TYPE_MASK) !== 0 && (meta & bits & HOUSE_TYPE_MASK) === 0) return false;
    if ((meta & EXTRAS_CHECKS) === 0) return true;
    const x = rows.extras;
    const at = rows.ints[u + AUX] * EXTRA;
    if ((meta & INEXACT) !== 0) {
      const price = this.qLow;
      if (this.qHasPrice && (meta & PRICE_RESTRICTED) !== 0 && !(price >= x[at] && price <= x[at + 1])) return false;
      if ((meta & AREA) !== 0 && !(this.qArea >= x[at + 2] && this.qArea <= x[at + 3])) return false;
      if ((meta & LAND_AREA) !== 0 && !(this.qLandArea >= x[at + 4] && this.qLandArea <= x[at + 5])) return false;
    }
    if ((meta & BEDS) !== 0 && !(this.qBeds >= x[at + 6] && this.qBeds <= x[at + 7])) return false;
    if ((meta & PRICE_PER_M2) !== 0 && this.qHasPrice && !(this.qPricePerM2 >= x[at + 8] && this.qPricePerM2 <= x[at + 9])) return false;
    return true;
  }

  /**
   * `distanceKm(centre, offer) <= radius` as geo.ts computes it, for the circle row at `u`.
   * Since x² − x⁴/3 ≤ sin²x ≤ x², polynomial bounds on the haversine value settle nearly every
   * entry without a sine; only points within a hair of the edge take the exact formula.
   */
  private withinCircle(rows: EntryRows, u: number): boolean {
    const d = u >> 1;
    const doubles = rows.doubles;
    const x = (this.qLat - doubles[d + LAT]) * HALF_RADIAN;
    const y = (this.qLon - doubles[d + LON]) * HALF_RADIAN;
    const cc = rows.floats[u + COS_LAT] * this.qCosLat;
    const x2 = x * x;
    const y2 = y * y;
    const upper = x2 + cc * y2;
    const edge = rows.floats[u + EDGE];
    if (upper < edge * (1 - NEAR_EDGE)) return true;
    const lower = upper - (x2 * x2 + cc * y2 * y2) / 3;
    if (lower > edge * (1 + NEAR_EDGE)) return false;
    return distanceKm({ lat: doubles[d + LAT], lon: doubles[d + LON] }, { lat: this.qLat, lon: this.qLon }) <= this.radii.data[rows.ints[u + CIRCLE]];
  }

  /** Files every (bucket, place) entry of a watchdog. */
  private file(slot: number, c: WatchdogCriteria): void {
    let flags = maskOf(TERRACE_TYPES, c.terraceTypes) | (maskOf(LAND_TYPES, c.landTypes) << LAND_TYPE_SHIFT) | (maskOf(HOUSE_TYPES, c.houseTypes) << HOUSE_TYPE_SHIFT);
    if (c.elevatorOnly) flags |= ELEVATOR;
    if (restricted(c.area)) flags |= AREA;
    if (restricted(c.landArea)) flags |= LAND_AREA;
    if (restricted(c.beds)) flags |= BEDS;
    if (restricted(c.pricePerM2)) flags |= PRICE_PER_M2;
    if (!c.includeWithoutPrice) flags |= PRICED_ONLY;
    if (restricted(c.price)) flags |= PRICE_RESTRICTED;
    let circles = 0;
    for (const place of c.places) if ((place.radiusKm ?? 0) > 0 && place.point) circles++;
    if (c.places.length > 1 || circles > 0) flags |= REPEAT;
    const extras = this.extras;
    extras[0] = lo(c.price);
    extras[1] = hi(c.price);
    extras[2] = lo(c.area);
    extras[3] = hi(c.area);
    extras[4] = lo(c.landArea);
    extras[5] = hi(c.landArea);
    extras[6] = lo(c.beds);
    extras[7] = hi(c.beds);
    extras[8] = lo(c.pricePerM2);
    extras[9] = hi(c.pricePerM2);
    // The row's bounds, rounded outwards to 32 bits.
    const from = float32Down(extras[0]);
    const to = float32Up(extras[1]);
    const areaLo = float32Down(extras[2]);
    const areaHi = float32Up(extras[3]);
    const landLo = float32Down(extras[4]);
    const landHi = float32Up(extras[5]);
    if (from !== extras[0] || to !== extras[1] || areaLo !== extras[2] || areaHi !== extras[3] || landLo !== extras[4] || landHi !== extras[5]) flags |= INEXACT;

    let ads = 0;
    for (const adType of c.adTypes) ads |= 1 << AD_INDEX[adType];
    let types = 0;
    for (const type of c.realEstateTypes) types |= 1 << TYPE_INDEX[type];
    let layouts = 0;
    for (const label of c.dispositions) layouts |= 1 << LAYOUT_INDEX[label];

    for (let type = 0; type < REAL_ESTATE_TYPES.length; type++) {
      if ((types & (1 << type)) === 0) continue;
      let meta = flags & SCOPE[type];
      if ((meta & RARE_CHECKS) !== 0) meta |= RARE;
      const typeExtras = (meta & EXTRAS_CHECKS) !== 0 ? extras : null;
      const typeLayouts = layouts !== 0 && LAYOUTS_APPLY[type] ? layouts : 1;
      for (let ad = 0; ad < AD_TYPES.length; ad++) {
        if ((ads & (1 << ad)) === 0) continue;
        for (let layout = 0; layout < LAYOUTS; layout++) {
          if ((typeLayouts & (1 << layout)) === 0) continue;
          for (const place of c.places) {
            const code = this.codeId(place.kind, place.code);
            this.codes.add(bucketOf(code, ad, type, layout), to, from, slot, meta, areaLo, areaHi, landLo, landHi, typeExtras);
            const radius = place.radiusKm ?? 0;
            if (!(radius > 0 && place.point)) continue;
            const { lat, lon } = place.point;
            const cosLat = Math.fround(Math.cos((lat * Math.PI) / 180));
            const edge = Math.fround(Math.sin(radius / (2 * EARTH_RADIUS_KM)) ** 2);
            const circle = this.radii.length;
            this.radii.push(radius);
            for (const cell of cellsAround(place.point, radius)) {
              const at = this.circles.add(bucketOf(this.cellId(cell), ad, type, layout), to, from, slot, meta, areaLo, areaHi, landLo, landHi, typeExtras);
              this.circles.lastRows.setCircle(at, lat, lon, cosLat, edge, circle);
            }
          }
        }
      }
    }
  }

  /**
   * Puts the offer's location ids in `locations` (`locationCount` of them): its codes first, then
   * one grid cell per level. Returns the number of codes.
   */
  private locationsOf(offer: Offer): number {
    const { location } = offer;
    this.locationCount = 0;
    if (location.regionCode != null) this.addLocation(this.codeIds.region.get(location.regionCode));
    if (location.districtCode != null) this.addLocation(this.codeIds.district.get(location.districtCode));
    if (location.municipalityCode != null) this.addLocation(this.codeIds.municipality.get(location.municipalityCode));
    if (location.pragueDistrictCode != null) this.addLocation(this.codeIds.pragueDistrict.get(location.pragueDistrictCode));
    const codes = this.locationCount;
    if (location.point) for (let level = 0; level < CELL_LEVELS; level++) this.addLocation(this.cellIds.get(cellOf(location.point, level)));
    return codes;
  }

  private addLocation(id: number | undefined): void {
    if (id !== undefined) this.locations[this.locationCount++] = id;
  }

  private codeId(kind: PlaceKind, code: string): number {
    const ids = this.codeIds[kind];
    let id = ids.get(code);
    if (id === undefined) ids.set(code, (id = this.nextCodeId++));
    return id;
  }

  private cellId(cell: number): number {
    let id = this.cellIds.get(cell);
    if (id === undefined) this.cellIds.set(cell, (id = this.nextCellId++));
    return id;
  }

  private growSeen(slot: number): void {
    const bigger = new Int32Array(Math.max((slot >>> 5) + 1, this.seen.length * 2));
    bigger.set(this.seen);
    this.seen = bigger;
  }

  private growOut(needed: number): void {
    const bigger = new Int32Array(Math.max(needed, this.out.length * 2));
    bigger.set(this.out);
    this.out = bigger;
  }
}
