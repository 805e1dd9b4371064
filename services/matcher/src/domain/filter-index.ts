import * as proto from '@rr/proto';
import type { GeoPoint, Offer, PlaceKind, Range, RealEstateType, WatchdogCriteria } from '@rr/proto';
import { GrowableF64, GrowableU16, GrowableU8 } from './growable';
import { bandOf, cellsAround, cellsOf } from './keys';

/**
 * Every active watchdog in memory, answering "which watchdogs does this offer match?" without
 * looking at the others. Watchdogs are filed under selective keys — offer type × property type ×
 * location cell (a region, district, municipality or Prague-district code, or a grid cell covered
 * by a surrounding-area circle) × layout — and within a key under the price band of their lower
 * price bound, sorted by the upper bound. A lookup reads the offer's few keys, walks only the
 * entries whose price range can contain the offer's price, and verifies the remaining criteria
 * from flat typed arrays. The meaning of each criterion is `matchesCriteria` from @rr/proto; the
 * tests hold the two to the same answers.
 */

// Read once: the transpiled package exposes its exports through getters, too slow for the hot loop.
const { AD_TYPES, DISPOSITION_LABELS, HOUSE_TYPES, LAND_TYPES, REAL_ESTATE_TYPES, TERRACE_TYPES, criterionApplies, distanceKm, pricePerM2Of } = proto;
const indexes = <T extends string>(values: readonly T[], offset = 0) => Object.fromEntries(values.map((v, i) => [v, i + offset])) as Record<T, number>;
const AD_INDEX = indexes(AD_TYPES);
const TYPE_INDEX = indexes(REAL_ESTATE_TYPES);
/** Layout 0 files the watchdogs that name no layout. */
const LAYOUT_INDEX = indexes(DISPOSITION_LABELS, 1);
const LAYOUTS_APPLY = indexes(REAL_ESTATE_TYPES.filter((t) => criterionApplies('dispositions', t)));

/**
 * Entry layout in a posting (flat array of doubles): upper price, lower price, slot key, place.
 * Place is the index of a surrounding-area circle to check the distance against, or -1 for a
 * place matched by its code; -2 - place marks watchdogs that refuse offers without a price.
 */
const STRIDE = 4;

type Posting = { data: number[]; sorted: boolean };
type Bucket = { bands: Array<Posting | undefined> };

const CHECK = { area: 1, landArea: 2, beds: 4, pricePerM2: 8, elevator: 16, terrace: 32, landType: 64, houseType: 128 } as const;
const SLOT_BITS = 2 ** 24;

const bitOf = <T>(values: readonly T[], value: T | null | undefined) => (value == null ? 0 : 1 << values.indexOf(value));
const maskOf = <T>(values: readonly T[], list: readonly T[]) => list.reduce((m, v) => m | bitOf(values, v), 0);
const lo = (r: Range | undefined) => r?.from ?? -Infinity;
const hi = (r: Range | undefined) => r?.to ?? Infinity;
const restricted = (r: Range | undefined) => r != null && (r.from != null || r.to != null);

/** Checks that apply to each property type (a land plot has no lift). */
const SCOPED_CHECKS: Record<RealEstateType, number> = Object.fromEntries(
  REAL_ESTATE_TYPES.map((t) => {
    let mask = CHECK.beds | CHECK.pricePerM2;
    if (criterionApplies('area', t)) mask |= CHECK.area;
    if (criterionApplies('landArea', t)) mask |= CHECK.landArea;
    if (criterionApplies('elevatorOnly', t)) mask |= CHECK.elevator;
    if (criterionApplies('terraceTypes', t)) mask |= CHECK.terrace;
    if (criterionApplies('landTypes', t)) mask |= CHECK.landType;
    if (criterionApplies('houseTypes', t)) mask |= CHECK.houseType;
    return [t, mask];
  }),
) as Record<RealEstateType, number>;

export class FilterIndex {
  private readonly buckets = new Map<number, Bucket>();
  private readonly codeIds: Record<PlaceKind, Map<string, number>> = { region: new Map(), district: new Map(), municipality: new Map(), pragueDistrict: new Map() };
  private readonly cellIds = new Map<number, number>();
  private nextLocationId = 1;

  private readonly slotOfId = new Map<string, number>();
  private readonly ids: Array<string | undefined> = [];
  /** Current key (version × 2^24 + slot) of each slot; entries holding another key are stale. */
  private readonly slotKey = new GrowableF64(1024, -1);
  private readonly freeSlots: number[] = [];
  private readonly checks = new GrowableU8();
  private readonly masks = new GrowableU16();
  private readonly ranges = new GrowableF64();
  private readonly placePoints: GeoPoint[] = [];
  private readonly placeRadius: number[] = [];

  private stamp = 0;
  private seen = new Uint32Array(1024);
  private out = new Int32Array(1024);
  private staleEntries = 0;

  get size(): number {
    return this.slotOfId.size;
  }

  /** Entries left behind by removed or replaced watchdogs; cleaned lazily as lookups meet them. */
  get stale(): number {
    return this.staleEntries;
  }

  has(id: string): boolean {
    return this.slotOfId.has(id);
  }

  /** Adds a watchdog, or replaces the one with the same id. */
  add(id: string, criteria: WatchdogCriteria): void {
    this.remove(id);
    const slot = this.freeSlots.pop() ?? this.ids.length;
    const version = Math.floor((this.slotKey.get(slot) ?? -1) / SLOT_BITS) + 1;
    const key = version * SLOT_BITS + slot;
    this.slotOfId.set(id, slot);
    this.ids[slot] = id;
    this.slotKey.set(slot, key);
    this.storeChecks(slot, criteria);

    const priceFrom = lo(criteria.price);
    const priceTo = hi(criteria.price);
    const band = bandOf(priceFrom);
    const locations: number[] = [];
    for (const place of criteria.places) {
      locations.push(this.codeId(place.kind, place.code), -1);
      if ((place.radiusKm ?? 0) > 0 && place.point) {
        const placeRef = this.placePoints.push(place.point) - 1;
        this.placeRadius[placeRef] = place.radiusKm;
        for (const cell of cellsAround(place.point, place.radiusKm)) locations.push(this.cellId(cell), placeRef);
      }
    }
    const layouts = criteria.dispositions.map((d) => LAYOUT_INDEX[d]);
    for (const adType of criteria.adTypes) {
      for (const type of criteria.realEstateTypes) {
        const byLayout = layouts.length > 0 && LAYOUTS_APPLY[type] !== undefined ? layouts : ANY_LAYOUT;
        for (let i = 0; i < locations.length; i += 2) {
          for (const layout of byLayout) {
            const bucket = this.bucket(bucketKey(locations[i], AD_INDEX[adType], TYPE_INDEX[type], layout), true)!;
            const place = criteria.includeWithoutPrice ? locations[i + 1] : PRICED_ONLY - locations[i + 1] - 1;
            push((bucket.bands[band] ??= { data: [], sorted: true }), priceTo, priceFrom, key, place);
          }
        }
      }
    }
  }

  remove(id: string): boolean {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return false;
    this.slotOfId.delete(id);
    this.ids[slot] = undefined;
    // The entries stay in their postings until a lookup meets them; the version bump makes them stale.
    this.slotKey.set(slot, this.slotKey.get(slot)! + 0.5);
    this.freeSlots.push(slot);
    this.staleEntries++;
    return true;
  }

  /** Sorts every posting; call after a bulk load so that no lookup pays for it. */
  seal(): void {
    for (const bucket of this.buckets.values()) for (const posting of bucket.bands) if (posting && !posting.sorted) sortPosting(posting);
  }

  idOf(slot: number): string {
    return this.ids[slot]!;
  }

  match(offer: Offer): string[] {
    const { slots, count } = this.matchSlots(offer);
    return Array.from(slots.subarray(0, count), (slot) => this.ids[slot]!);
  }

  /** The matching slots in a reused buffer (valid until the next call); the allocation-free lookup. */
  matchSlots(offer: Offer): { slots: Int32Array; count: number } {
    const ad = AD_INDEX[offer.adType];
    const type = TYPE_INDEX[offer.realEstateType];
    const query = new OfferQuery(offer);
    this.nextStamp();
    let count = 0;
    const layoutIndex = LAYOUTS_APPLY[offer.realEstateType] !== undefined && offer.dispositionLabel != null ? LAYOUT_INDEX[offer.dispositionLabel] : 0;
    const locations = this.locationsOf(offer);
    for (let i = 0; i < locations.length; i++) {
      // Watchdogs that name no layout, then those that name the offer's.
      count = this.scanBucket(bucketKey(locations[i], ad, type, 0), query, count);
      if (layoutIndex > 0) count = this.scanBucket(bucketKey(locations[i], ad, type, layoutIndex), query, count);
    }
    return { slots: this.out, count };
  }

  private scanBucket(key: number, query: OfferQuery, count: number): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return count;
    if (query.price != null) return this.scanBands(bucket, query, count);
    for (const posting of bucket.bands) count = this.scan(posting, query, -Infinity, count, false);
    return count;
  }

  private scanBands(bucket: Bucket, query: OfferQuery, count: number): number {
    const top = bandOf(query.price!);
    const bands = bucket.bands;
    const last = Math.min(top, bands.length - 1);
    for (let band = 0; band <= last; band++) count = this.scan(bands[band], query, query.price!, count, band === top);
    return count;
  }

  /** Walks entries with upper price bound ≥ price (all of them for the no-price list). */
  private scan(posting: Posting | undefined, query: OfferQuery, price: number, count: number, checkFrom: boolean): number {
    if (!posting) return count;
    if (!posting.sorted) sortPosting(posting);
    const data = posting.data;
    const n = data.length;
    const stamp = this.stamp;
    const seen = this.seen;
    const keys = this.slotKey.data;
    let stale = 0;
    for (let i = 0; i < n; i += STRIDE) {
      if (data[i] < price) break;
      if (checkFrom && data[i + 1] > price) continue;
      const key = data[i + 2];
      const slot = key % SLOT_BITS;
      if (seen[slot] === stamp) continue;
      if (keys[slot] !== key) {
        stale++;
        continue;
      }
      if (!this.verify(slot, query)) {
        seen[slot] = stamp;
        continue;
      }
      let place = data[i + 3];
      if (place <= PRICED_ONLY) {
        if (query.price == null) {
          seen[slot] = stamp;
          continue;
        }
        place = PRICED_ONLY - place - 1;
      }
      if (place >= 0 && !(query.point != null && distanceKm(this.placePoints[place], query.point) <= this.placeRadius[place])) continue;
      seen[slot] = stamp;
      if (count === this.out.length) this.growOut();
      this.out[count++] = slot;
    }
    if (stale > 0) this.dropStale(posting, stale);
    return count;
  }

  private verify(slot: number, q: OfferQuery): boolean {
    const checks = this.checks.data[slot] & q.scope;
    if (checks === 0) return true;
    const r = this.ranges.data;
    const base = slot * 8;
    if (checks & CHECK.area && !within(q.area, r[base], r[base + 1])) return false;
    if (checks & CHECK.landArea && !within(q.landArea, r[base + 2], r[base + 3])) return false;
    if (checks & CHECK.beds && !within(q.beds, r[base + 4], r[base + 5])) return false;
    if (checks & CHECK.pricePerM2 && q.price != null && !within(q.pricePerM2, r[base + 6], r[base + 7])) return false;
    if (checks & CHECK.elevator && !q.elevator) return false;
    const masks = this.masks.data[slot];
    if (checks & CHECK.terrace && (masks & 0b111 & q.terraces) === 0) return false;
    if (checks & CHECK.landType && ((masks >> 3) & 0b111 & q.landType) === 0) return false;
    if (checks & CHECK.houseType && ((masks >> 6) & 0b1111 & q.houseType) === 0) return false;
    return true;
  }

  private storeChecks(slot: number, c: WatchdogCriteria): void {
    let checks = 0;
    if (restricted(c.area)) checks |= CHECK.area;
    if (restricted(c.landArea)) checks |= CHECK.landArea;
    if (restricted(c.beds)) checks |= CHECK.beds;
    if (restricted(c.pricePerM2)) checks |= CHECK.pricePerM2;
    if (c.elevatorOnly) checks |= CHECK.elevator;
    if (c.terraceTypes.length > 0) checks |= CHECK.terrace;
    if (c.landTypes.length > 0) checks |= CHECK.landType;
    if (c.houseTypes.length > 0) checks |= CHECK.houseType;
    this.checks.set(slot, checks);
    this.masks.set(slot, maskOf(TERRACE_TYPES, c.terraceTypes) | (maskOf(LAND_TYPES, c.landTypes) << 3) | (maskOf(HOUSE_TYPES, c.houseTypes) << 6));
    const values = [lo(c.area), hi(c.area), lo(c.landArea), hi(c.landArea), lo(c.beds), hi(c.beds), lo(c.pricePerM2), hi(c.pricePerM2)];
    for (let i = 0; i < 8; i++) this.ranges.set(slot * 8 + i, values[i]);
  }

  private locationsOf(offer: Offer): number[] {
    const { location } = offer;
    const ids: number[] = [];
    const add = (id: number | undefined) => id !== undefined && ids.push(id);
    if (location.regionCode != null) add(this.codeIds.region.get(location.regionCode));
    if (location.districtCode != null) add(this.codeIds.district.get(location.districtCode));
    if (location.municipalityCode != null) add(this.codeIds.municipality.get(location.municipalityCode));
    if (location.pragueDistrictCode != null) add(this.codeIds.pragueDistrict.get(location.pragueDistrictCode));
    if (location.point) for (const cell of cellsOf(location.point)) add(this.cellIds.get(cell));
    return ids;
  }

  private codeId(kind: PlaceKind, code: string): number {
    const ids = this.codeIds[kind];
    let id = ids.get(code);
    if (id === undefined) ids.set(code, (id = this.nextLocationId++));
    return id;
  }

  private cellId(cell: number): number {
    let id = this.cellIds.get(cell);
    if (id === undefined) this.cellIds.set(cell, (id = this.nextLocationId++));
    return id;
  }

  private bucket(key: number, create: boolean): Bucket | undefined {
    let bucket = this.buckets.get(key);
    if (!bucket && create) this.buckets.set(key, (bucket = { bands: [] }));
    return bucket;
  }

  private nextStamp(): void {
    if (this.seen.length < this.ids.length) this.seen = new Uint32Array(Math.max(this.ids.length, this.seen.length * 2));
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
  }

  private growOut(): void {
    const bigger = new Int32Array(this.out.length * 2);
    bigger.set(this.out);
    this.out = bigger;
  }

  private dropStale(posting: Posting, found: number): void {
    const data = posting.data;
    // Only worth a pass when a good share is stale; the rest is met again later.
    if (found * STRIDE * 4 < data.length && found < 64) return;
    let w = 0;
    for (let i = 0; i < data.length; i += STRIDE) {
      const key = data[i + 2];
      if (this.slotKey.data[key % SLOT_BITS] !== key) continue;
      for (let k = 0; k < STRIDE; k++) data[w + k] = data[i + k];
      w += STRIDE;
    }
    const dropped = (data.length - w) / STRIDE;
    data.length = w;
    this.staleEntries = Math.max(0, this.staleEntries - dropped);
  }
}

/** What a lookup needs from the offer, read once. */
class OfferQuery {
  readonly price: number | null;
  readonly pricePerM2: number | null;
  readonly area: number | null;
  readonly landArea: number | null;
  readonly beds: number | null;
  readonly elevator: boolean;
  readonly terraces: number;
  readonly landType: number;
  readonly houseType: number;
  readonly scope: number;
  readonly point: GeoPoint | null;

  constructor(offer: Offer) {
    this.price = offer.price;
    this.pricePerM2 = pricePerM2Of(offer);
    this.area = offer.area;
    this.landArea = offer.landArea;
    this.beds = offer.beds;
    this.elevator = offer.elevator === true;
    this.terraces = maskOf(TERRACE_TYPES, offer.terraceTypes);
    this.landType = bitOf(LAND_TYPES, offer.landType);
    this.houseType = bitOf(HOUSE_TYPES, offer.houseType);
    this.scope = SCOPED_CHECKS[offer.realEstateType];
    this.point = offer.location.point;
  }
}

/** Inclusive; an unknown value fails (the check is only made for restricted ranges). */
const within = (value: number | null, from: number, to: number) => value != null && value >= from && value <= to;

const ANY_LAYOUT = [0];
/** Place values at or below this mark watchdogs that refuse offers without a price (see STRIDE). */
const PRICED_ONLY = -2;

const bucketKey = (location: number, ad: number, type: number, layout: number) => ((location * 5 + ad) * 5 + type) * 16 + layout;

function push(posting: Posting, to: number, from: number, key: number, place: number): void {
  const data = posting.data;
  if (!posting.sorted || data.length === 0 || data[data.length - STRIDE] >= to) {
    data.push(to, from, key, place);
    return;
  }
  if (data.length > 64 * STRIDE) {
    // Bulk loads append and sort once; small postings keep their order on the spot.
    data.push(to, from, key, place);
    posting.sorted = false;
    return;
  }
  let i = data.length - STRIDE;
  while (i >= 0 && data[i] < to) i -= STRIDE;
  data.splice(i + STRIDE, 0, to, from, key, place);
}

/** Descending upper price bound, so a walk stops at the first entry below the offer's price. */
function sortPosting(posting: Posting): void {
  const data = posting.data;
  const n = data.length / STRIDE;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => data[b * STRIDE] - data[a * STRIDE] || a - b);
  const sorted = new Array<number>(data.length);
  for (let i = 0; i < n; i++) for (let k = 0; k < STRIDE; k++) sorted[i * STRIDE + k] = data[order[i] * STRIDE + k];
  posting.data = sorted;
  posting.sorted = true;
}
