import * as proto from '@rr/proto';
import type { GeoPoint, Offer, PlaceKind, Range, RealEstateType, WatchdogCriteria } from '@rr/proto';
import { GrowableF64, GrowableI32 } from './growable';
import { bandOf, cellsAround, cellsOf } from './keys';
import type { Columns } from './columns';
import { Postings } from './postings';

/**
 * Every active watchdog in memory, answering "which watchdogs does this offer match?" without
 * looking at the others. Watchdogs are filed under selective keys — offer type × property type ×
 * location cell (a region, district, municipality or Prague-district code, or a grid cell covered
 * by a surrounding-area circle) × layout — and within a key under the price band of their lower
 * price bound, sorted by the upper bound. A lookup reads the offer's few keys and walks only the
 * entries whose price range can contain the offer's price. Each entry carries what most checks
 * need (flags, floor-area range), so the walk reads memory in order; the rarer checks read flat
 * per-watchdog arrays. The meaning of each criterion is `matchesCriteria` from @rr/proto; the
 * tests hold the two to the same answers.
 */

// Read once: the transpiled package exposes its exports through getters, too slow for the hot loop.
const { AD_TYPES, DISPOSITION_LABELS, EARTH_RADIUS_KM, HOUSE_TYPES, LAND_TYPES, REAL_ESTATE_TYPES, TERRACE_TYPES, criterionApplies, distanceKm, pricePerM2Of } = proto;
const indexes = <T extends string>(values: readonly T[], offset = 0) => Object.fromEntries(values.map((v, i) => [v, i + offset])) as Record<T, number>;
const AD_INDEX = indexes(AD_TYPES);
const TYPE_INDEX = indexes(REAL_ESTATE_TYPES);
/** Layout 0 files the watchdogs that name no layout. */
const LAYOUT_INDEX = indexes(DISPOSITION_LABELS, 1);
const LAYOUTS_APPLY = indexes(REAL_ESTATE_TYPES.filter((t) => criterionApplies('dispositions', t)));
const ANY_LAYOUT = [0];

/** Entry flags (the low bits of an entry's meta); the place + 1 sits above them (0: matched by code). */
const CHECK = { area: 1, landArea: 2, beds: 4, pricePerM2: 8, elevator: 16, terrace: 32, landType: 64, houseType: 128 } as const;
const REST_CHECKS = 0xff & ~CHECK.area;
const PRICED_ONLY = 1 << 8;
/** The watchdog can be reached through more than one entry by one offer (several places, a radius). */
const REPEAT = 1 << 9;
const PLACE_SHIFT = 10;
const MAX_PLACES = 2 ** 20;

const bitOf = <T>(values: readonly T[], value: T | null | undefined) => (value == null ? 0 : 1 << values.indexOf(value));
const maskOf = <T>(values: readonly T[], list: readonly T[]) => list.reduce((m, v) => m | bitOf(values, v), 0);
const lo = (r: Range | undefined) => r?.from ?? -Infinity;
const hi = (r: Range | undefined) => r?.to ?? Infinity;
const restricted = (r: Range | undefined) => r != null && (r.from != null || r.to != null);

/** Checks that apply to each property type (a land plot has no lift). */
const SCOPED_CHECKS = Object.fromEntries(
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
  /** Entries of places matched by code, and of grid cells under surrounding-area circles. */
  private readonly codes = new Postings(false);
  private readonly circles = new Postings(true);
  private readonly codeIds: Record<PlaceKind, Map<string, number>> = { region: new Map(), district: new Map(), municipality: new Map(), pragueDistrict: new Map() };
  private readonly cellIds = new Map<number, number>();
  private nextLocationId = 1;

  private readonly slotOfId = new Map<string, number>();
  private readonly ids: Array<string | undefined> = [];
  private readonly freeSlots: number[] = [];
  /** Per slot: terrace, land-type and house-type masks. */
  private readonly masks = new GrowableI32();
  /** Per slot: land area, beds and price per m² ranges. */
  private readonly ranges = new GrowableF64();
  /** Per surrounding-area place: radius and its haversine value. */
  private readonly places = new GrowableF64();

  private stamp = 0;
  /** Stamps of the watchdogs met in this lookup; one byte each so it stays in cache. */
  private seen = new Uint8Array(1024);
  private out = new Int32Array(1024);

  get size(): number {
    return this.slotOfId.size;
  }

  /** Entries added since the last seal plus removed ones still taking room; see `needsRebuild`. */
  get churn(): number {
    return this.codes.churn + this.circles.churn;
  }

  /** After many changes a fresh bulk build is faster to query and smaller. */
  get needsRebuild(): boolean {
    const churn = this.churn;
    return churn > 50_000 && churn > (this.codes.size + this.circles.size) / 10;
  }

  has(id: string): boolean {
    return this.slotOfId.has(id);
  }

  /** Adds a watchdog; to change one, remove it (with the criteria it was added with) first. */
  add(id: string, criteria: WatchdogCriteria): void {
    if (this.slotOfId.has(id)) throw new Error(`watchdog ${id} is already in the index; remove it first`);
    const slot = this.freeSlots.pop() ?? this.ids.length;
    this.slotOfId.set(id, slot);
    this.ids[slot] = id;
    const flags = this.storeChecks(slot, criteria);
    const areaLo = lo(criteria.area);
    const areaHi = hi(criteria.area);
    const priceFrom = lo(criteria.price);
    const priceTo = hi(criteria.price);
    this.forEachKey(criteria, true, (key, place, point) => {
      const meta = flags | ((place + 1) << PLACE_SHIFT);
      if (!point) this.codes.add(key, priceTo, priceFrom, slot, meta, areaLo, areaHi);
      else this.circles.add(key, priceTo, priceFrom, slot, meta, areaLo, areaHi, point.lat, point.lon, Math.cos((point.lat * Math.PI) / 180), this.places.data[place * 2 + 1]);
    });
  }

  remove(id: string, criteria: WatchdogCriteria): boolean {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return false;
    this.forEachKey(criteria, false, (key, _place, point) => (point ? this.circles : this.codes).remove(key, slot));
    this.slotOfId.delete(id);
    this.ids[slot] = undefined;
    this.freeSlots.push(slot);
    return true;
  }

  /** Packs the bulk-loaded entries; later additions go to a small sorted overlay. */
  seal(): void {
    this.codes.seal();
    this.circles.seal();
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
    this.seal();
    this.nextStamp();
    const ad = AD_INDEX[offer.adType];
    const type = TYPE_INDEX[offer.realEstateType];
    const layout = LAYOUTS_APPLY[offer.realEstateType] !== undefined && offer.dispositionLabel != null ? LAYOUT_INDEX[offer.dispositionLabel] : 0;
    const query = new OfferQuery(offer);
    const top = query.price == null ? -1 : bandOf(query.price);
    const { ids, codes } = this.locationsOf(offer);
    let count = 0;
    for (let i = 0; i < ids.length; i++) {
      const postings = i < codes ? this.codes : this.circles;
      // Watchdogs that name no layout, then those that name the offer's.
      count = this.scanBucket(postings, bucketKey(ids[i], ad, type, 0), top, query, count);
      if (layout > 0) count = this.scanBucket(postings, bucketKey(ids[i], ad, type, layout), top, query, count);
    }
    return { slots: this.out, count };
  }

  /** The groups of a bucket whose band is at most `top` (all of them when `top` < 0), packed ones first. */
  private scanBucket(p: Postings, bucket: number, top: number, query: OfferQuery, count: number): number {
    const packed = p.buckets.get(bucket);
    if (packed !== undefined) {
      const first = Math.floor(packed / 64);
      const end = first + (packed % 64);
      for (let r = first; r < end; r++) {
        const band = p.rankBand[r];
        if (top >= 0 && band > top) break;
        count = this.scan(p.base, p.rankStart[r], p.rankStart[r + 1], query, band === top, count);
      }
    }
    const bands = p.overlay.get(bucket);
    if (!bands) return count;
    const last = top < 0 ? bands.length - 1 : Math.min(top, bands.length - 1);
    for (let band = 0; band <= last; band++) {
      const posting = bands[band];
      if (posting && posting.length > 0) count = this.scan(posting, 0, posting.length, query, band === top, count);
    }
    return count;
  }

  /** Walks entries with upper price bound ≥ the price (all of them for an offer without price). */
  private scan(c: Columns, start: number, end: number, q: OfferQuery, checkFrom: boolean, count: number): number {
    const price = q.walkPrice;
    const seen = this.seen;
    const stamp = this.stamp;
    const { to, from, meta: metas, slot: slots } = c;
    for (let i = start; i < end; i++) {
      if (to[i] < price) break;
      if (checkFrom && from[i] > price) continue;
      const meta = metas[i];
      if (meta < 0 || (q.noPrice && meta & PRICED_ONLY)) continue;
      const slot = slots[i];
      const repeat = meta & REPEAT;
      if (repeat && seen[slot] === stamp) continue;
      const checks = meta & q.scope;
      if (checks !== 0 && (((checks & CHECK.area) !== 0 && !(q.area >= c.areaLo[i] && q.area <= c.areaHi[i])) || (checks & REST_CHECKS && !this.verifyRest(slot, checks, q)))) {
        if (repeat) seen[slot] = stamp;
        continue;
      }
      if (c.geo && !this.withinRadius(c, i, (meta >>> PLACE_SHIFT) - 1, q)) continue;
      if (repeat) seen[slot] = stamp;
      if (count === this.out.length) this.growOut();
      this.out[count++] = slot;
    }
    return count;
  }

  /** `distanceKm(centre, offer) <= radius`, computed as geo.ts does, skipping the arcsine away from the edge. */
  private withinRadius(c: Columns, i: number, place: number, q: OfferQuery): boolean {
    if (q.point == null) return false;
    const dLat = ((q.point.lat - c.lat[i]) * Math.PI) / 180;
    const dLon = ((q.point.lon - c.lon[i]) * Math.PI) / 180;
    const h = Math.sin(dLat / 2) ** 2 + c.cosLat[i] * q.cosLat * Math.sin(dLon / 2) ** 2;
    const edge = c.edge[i];
    if (h < edge * (1 - 1e-9)) return true;
    if (h > edge * (1 + 1e-9)) return false;
    return distanceKm({ lat: c.lat[i], lon: c.lon[i] }, q.point) <= this.places.data[place * 2];
  }

  private verifyRest(slot: number, checks: number, q: OfferQuery): boolean {
    const r = this.ranges.data;
    const base = slot * 6;
    if (checks & CHECK.landArea && !(q.landArea >= r[base] && q.landArea <= r[base + 1])) return false;
    if (checks & CHECK.beds && !(q.beds >= r[base + 2] && q.beds <= r[base + 3])) return false;
    if (checks & CHECK.pricePerM2 && !q.noPrice && !(q.pricePerM2 >= r[base + 4] && q.pricePerM2 <= r[base + 5])) return false;
    if (checks & CHECK.elevator && !q.elevator) return false;
    const masks = this.masks.data[slot];
    if (checks & CHECK.terrace && (masks & 0b111 & q.terraces) === 0) return false;
    if (checks & CHECK.landType && ((masks >> 3) & 0b111 & q.landType) === 0) return false;
    if (checks & CHECK.houseType && ((masks >> 6) & 0b1111 & q.houseType) === 0) return false;
    return true;
  }

  /** Per-watchdog data for the rarer checks; returns the entry flags. */
  private storeChecks(slot: number, c: WatchdogCriteria): number {
    let flags = 0;
    if (restricted(c.area)) flags |= CHECK.area;
    if (restricted(c.landArea)) flags |= CHECK.landArea;
    if (restricted(c.beds)) flags |= CHECK.beds;
    if (restricted(c.pricePerM2)) flags |= CHECK.pricePerM2;
    if (c.elevatorOnly) flags |= CHECK.elevator;
    if (c.terraceTypes.length > 0) flags |= CHECK.terrace;
    if (c.landTypes.length > 0) flags |= CHECK.landType;
    if (c.houseTypes.length > 0) flags |= CHECK.houseType;
    if (!c.includeWithoutPrice) flags |= PRICED_ONLY;
    if (c.places.length > 1 || c.places.some((p) => (p.radiusKm ?? 0) > 0 && p.point)) flags |= REPEAT;
    if (flags & REST_CHECKS) {
      this.masks.set(slot, maskOf(TERRACE_TYPES, c.terraceTypes) | (maskOf(LAND_TYPES, c.landTypes) << 3) | (maskOf(HOUSE_TYPES, c.houseTypes) << 6));
      const values = [lo(c.landArea), hi(c.landArea), lo(c.beds), hi(c.beds), lo(c.pricePerM2), hi(c.pricePerM2)];
      for (let i = 0; i < 6; i++) this.ranges.set(slot * 6 + i, values[i]);
    }
    return flags;
  }

  /** Every (group key, place) a watchdog is filed under; `create` interns new places and cells. */
  private forEachKey(c: WatchdogCriteria, create: boolean, visit: (key: number, place: number, point: GeoPoint | null) => void): void {
    const band = bandOf(lo(c.price));
    /** Triples: location id, place, index into `circles` (-1: matched by code). */
    const locations: number[] = [];
    const circles: GeoPoint[] = [];
    for (const place of c.places) {
      const code = this.codeId(place.kind, place.code, create);
      if (code !== undefined) locations.push(code, -1, -1);
      if ((place.radiusKm ?? 0) > 0 && place.point) {
        let ref = -1;
        if (create) {
          ref = this.places.length / 2;
          if (ref > MAX_PLACES) throw new Error('too many surrounding-area places in one index; rebuild it');
          this.places.push(place.radiusKm);
          this.places.push(Math.sin(place.radiusKm / (2 * EARTH_RADIUS_KM)) ** 2);
        }
        for (const cell of cellsAround(place.point, place.radiusKm)) {
          const id = this.cellId(cell, create);
          if (id !== undefined) locations.push(id, ref, circles.push(place.point) - 1);
        }
      }
    }
    const layouts = [...new Set(c.dispositions)].map((d) => LAYOUT_INDEX[d]);
    for (const adType of new Set(c.adTypes)) {
      for (const type of new Set(c.realEstateTypes)) {
        const byLayout = layouts.length > 0 && LAYOUTS_APPLY[type] !== undefined ? layouts : ANY_LAYOUT;
        for (let i = 0; i < locations.length; i += 3) {
          const point = locations[i + 2] < 0 ? null : circles[locations[i + 2]];
          for (const layout of byLayout) visit(bucketKey(locations[i], AD_INDEX[adType], TYPE_INDEX[type], layout) * 32 + band, locations[i + 1], point);
        }
      }
    }
  }

  /** The offer's location ids: its codes first (`codes` of them), then its grid cells. */
  private locationsOf(offer: Offer): { ids: number[]; codes: number } {
    const { location } = offer;
    const ids: number[] = [];
    const add = (id: number | undefined) => id !== undefined && ids.push(id);
    if (location.regionCode != null) add(this.codeIds.region.get(location.regionCode));
    if (location.districtCode != null) add(this.codeIds.district.get(location.districtCode));
    if (location.municipalityCode != null) add(this.codeIds.municipality.get(location.municipalityCode));
    if (location.pragueDistrictCode != null) add(this.codeIds.pragueDistrict.get(location.pragueDistrictCode));
    const codes = ids.length;
    if (location.point) for (const cell of cellsOf(location.point)) add(this.cellIds.get(cell));
    return { ids, codes };
  }

  private codeId(kind: PlaceKind, code: string, create: boolean): number | undefined {
    const ids = this.codeIds[kind];
    let id = ids.get(code);
    if (id === undefined && create) ids.set(code, (id = this.nextLocationId++));
    return id;
  }

  private cellId(cell: number, create: boolean): number | undefined {
    let id = this.cellIds.get(cell);
    if (id === undefined && create) this.cellIds.set(cell, (id = this.nextLocationId++));
    return id;
  }

  private nextStamp(): void {
    if (this.seen.length < this.ids.length) this.seen = new Uint8Array(Math.max(this.ids.length, this.seen.length * 2));
    this.stamp++;
    if (this.stamp === 256) {
      this.seen.fill(0);
      this.stamp = 1;
    }
  }

  private growOut(): void {
    const bigger = new Int32Array(this.out.length * 2);
    bigger.set(this.out);
    this.out = bigger;
  }
}

/** What a lookup needs from the offer, read once; unknown numbers are NaN, which fails every range. */
class OfferQuery {
  readonly price: number | null;
  readonly noPrice: boolean;
  /** The price the walk stops below: none for an offer without a price. */
  readonly walkPrice: number;
  readonly pricePerM2: number;
  readonly area: number;
  readonly landArea: number;
  readonly beds: number;
  readonly elevator: boolean;
  readonly terraces: number;
  readonly landType: number;
  readonly houseType: number;
  readonly scope: number;
  readonly point: GeoPoint | null;
  readonly cosLat: number;

  constructor(offer: Offer) {
    this.price = offer.price;
    this.noPrice = offer.price == null;
    this.walkPrice = offer.price ?? -Infinity;
    this.pricePerM2 = pricePerM2Of(offer) ?? NaN;
    this.area = offer.area ?? NaN;
    this.landArea = offer.landArea ?? NaN;
    this.beds = offer.beds ?? NaN;
    this.elevator = offer.elevator === true;
    this.terraces = maskOf(TERRACE_TYPES, offer.terraceTypes);
    this.landType = bitOf(LAND_TYPES, offer.landType);
    this.houseType = bitOf(HOUSE_TYPES, offer.houseType);
    this.scope = SCOPED_CHECKS[offer.realEstateType];
    this.point = offer.location.point;
    this.cosLat = this.point ? Math.cos((this.point.lat * Math.PI) / 180) : NaN;
  }
}

const bucketKey = (location: number, ad: number, type: number, layout: number) => ((location * 5 + ad) * 5 + type) * 16 + layout;
