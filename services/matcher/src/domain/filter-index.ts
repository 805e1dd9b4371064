import * as proto from '@rr/proto';
import type { Offer, PlaceKind, Range, RealEstateType, WatchdogCriteria } from '@rr/proto';
import * as rowLayout from './entry-rows';
import type { EntryRows } from './entry-rows';
import * as flagBits from './entry-flags';
import * as keys from './keys';
import * as postingLayout from './postings';
import * as circleLayout from './circles';
import { CircleTable } from './circles';
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
  AREA, BEDS, ELEVATOR, EXTRAS_CHECKS, HOUSE_TYPE_MASK, HOUSE_TYPE_SHIFT, INEXACT, LAND_AREA, LAND_TYPE_MASK, LAND_TYPE_SHIFT, PRICE_PER_M2_IN_ROW,
  PRICED_ONLY, PRICE_PER_M2, PRICE_RESTRICTED, RARE, RARE_CHECKS, REMOVED, REPEAT, TERRACE_MASK,
} = flagBits;
const { CELL_LEVELS, cellOf, cellsAround } = keys;
const { GROUP_UNITS } = postingLayout;
const { FAST_WORDS, FAST_LAT, FAST_LON, FAST_COS, FAST_INSIDE, FAST_OUTSIDE, FAST_CODE, HALF_RADIAN } = circleLayout;
const { TO, FROM, AREA_LO, AREA_HI, LAND_LO, LAND_HI, META, SLOT, LAYOUTS_AT, float32Down, float32Up } = rowLayout;
const { AD_TYPES, DISPOSITION_LABELS, HOUSE_TYPES, LAND_TYPES, REAL_ESTATE_TYPES, TERRACE_TYPES, criterionApplies, pricePerM2Of } = proto;
const indexes = <T extends string>(values: readonly T[], offset = 0) => Object.fromEntries(values.map((v, i) => [v, i + offset])) as Record<T, number>;
const AD_INDEX = indexes(AD_TYPES);
const TYPE_INDEX = indexes(REAL_ESTATE_TYPES);
/** Layout 0 files the watchdogs that name no layout (and every type a layout does not apply to). */
const LAYOUT_INDEX = indexes(DISPOSITION_LABELS, 1);
const LAYOUTS = DISPOSITION_LABELS.length + 1;
const LAYOUTS_APPLY = REAL_ESTATE_TYPES.map((t) => criterionApplies('dispositions', t));
/**
 * Facets split a bucket further so a lookup skips whole parts: whether the watchdog takes offers
 * without a price (an offer without one reads only those that do), and the class of its lowest
 * floor area (an offer reads only the classes up to its own area's). `AREA_CLASSES` are the
 * lower ends of the classes above the first.
 */
const AREA_CLASSES = [50, 80];
const FACETS = 2 * (AREA_CLASSES.length + 1);
const SUBS = LAYOUTS * FACETS;
const baseOf = (location: number, ad: number, type: number) => (location * AD_TYPES.length + ad) * REAL_ESTATE_TYPES.length + type;
const areaClassOf = (area: number) => {
  let k = 0;
  while (k < AREA_CLASSES.length && AREA_CLASSES[k] <= area) k++;
  return k;
};

const growInt = (a: Int32Array) => grownInt(a, a.length + 1);
/** A copy with room for at least `needed` numbers (doubling). */
const grownInt = (a: Int32Array, needed: number) => {
  const bigger = new Int32Array(Math.max(needed, a.length * 2));
  bigger.set(a);
  return bigger;
};
const bitOf = <T>(values: readonly T[], value: T | null | undefined) => (value == null ? 0 : 1 << values.indexOf(value));
const maskOf = <T>(values: readonly T[], list: readonly T[]) => list.reduce((m, v) => m | bitOf(values, v), 0);
const lo = (r: Range | undefined) => r?.from ?? -Infinity;
const hi = (r: Range | undefined) => r?.to ?? Infinity;
const restricted = (r: Range | undefined) => r != null && (r.from != null || r.to != null);

/** Types whose rows keep land area in their second range (the others keep price per m² there). */
const LAND_IN_ROW = REAL_ESTATE_TYPES.map((t) => criterionApplies('landArea', t));

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

/** Numbers per slot for the rarer ranges: beds low and high, price per m² low and high. */
const RANGES = 4;
/** Location ids of an offer: up to four codes. */
const MAX_LOCATIONS = 4;
/** (Offer type, property type) pairs: the circle lists of a cell, one per pair (a bit each in `listedKinds`). */
const KINDS = AD_TYPES.length * REAL_ESTATE_TYPES.length;
if (KINDS > 31) throw new Error('too many (offer type, property type) pairs for a 32-bit mask');
/**
 * An entry of a cell's circle list, in 4-byte units: the circle's compact record (centre latitude,
 * longitude, cos latitude, inside and outside thresholds as float32, place code), the circle, and
 * the range of its rows for the list's offer and property type in the bulk-built rows.
 */
const LIST_WORDS = 9;
const LIST_CIRCLE = 6;
const LIST_FIRST = 7;
const LIST_END = 8;
/** Circle lists sit under cells at least a radius high (3 × 3 at most): a point's cell list holds few circles that miss it. */
const LIST_FIT = 1;

/** Typical entries per watchdog in the Czech market (places × types × layouts; circles under cells), for sizing. */
const CODE_ENTRIES_PER_WATCHDOG = 2.2;
const CIRCLE_ENTRIES_PER_WATCHDOG = 0.3;

export class FilterIndex {
  /** Entries of places matched by code, and of grid cells under surrounding-area circles. */
  private readonly codes: Postings;
  private readonly circles: Postings;
  private readonly codeIds: Record<PlaceKind, Map<string, number>> = { region: new Map(), district: new Map(), municipality: new Map(), pragueDistrict: new Map() };
  private nextCodeId = 0;
  /**
   * Surrounding-area circles: their watchdogs' rows are filed under the circle (× offer type ×
   * property type, all layouts in one bucket, the layouts in the row), and each grid cell keeps,
   * per (offer type, property type), a list of the circles that reach into it with their compact
   * records and row ranges. A lookup streams the lists of its point's cells, settles each circle
   * once, and reads the rows of the few that hold the point: one contiguous run each.
   */
  private readonly cellLists = new Map<number, Array<CircleList | undefined>>();
  /** Per circle, a bit per (offer type, property type) it is listed for; and its cells. */
  private listedKinds = new Int32Array(1024);
  private readonly cellsOfCircle: number[][] = [];
  private readonly allLists: CircleList[] = [];

  private slotCount = 0;
  private live = 0;
  private readonly deleted = new Set<number>();
  private readonly slotOfId = new Map<string, number>();
  private readonly ids: Array<string | undefined> = [];
  /** Per slot, `RANGES` numbers: addressed by slot, so a check costs one memory read, not two. */
  private readonly ranges = new GrowableF64();
  /** The exact price, floor-area and land-area bounds of watchdogs whose rows hold them rounded. */
  private readonly exact = new Map<number, Float64Array>();
  /** Scratch for filing: location ids of codes, and circles. */
  private fileCodes = new Int32Array(32);
  private fileCircles = new Int32Array(32);
  /** Every distinct surrounding-area circle filed; circle rows point here. */
  private readonly circleTable = new CircleTable();

  /** The set that drops repeats from `again`: slots, and the lookup that put each there. */
  private setSlots = new Int32Array(1024);
  private setStamps = new Int32Array(1024);
  private stamp = 0;
  private out = new Int32Array(1024);
  /** Matches of watchdogs that one offer can reach through several entries, repeats and all. */
  private again = new Int32Array(1024);
  private againCount = 0;
  /** Circle lists' entries that hold the offer's point: position and list. */
  private held = new Int32Array(256);
  private readonly heldLists: Array<CircleList | undefined> = new Array<CircleList | undefined>(256).fill(undefined);
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
  private qAreaClass = 0;
  private qLandArea = NaN;
  /** The offer's value for the rows' second range, and the flag that says a row restricts it (0: not checked). */
  private qSecond = 0;
  private qSecondFlag = 0;
  private qBeds = NaN;
  private qPricePerM2 = NaN;
  private qLat = 0;
  private qLon = 0;
  private qCosLat = 0;
  /** The ids of the offer's codes (-1: none): a circle of a place the offer lies in by code is left to the code's entries. */
  private qCode0 = -1;
  private qCode1 = -1;
  private qCode2 = -1;
  private qCode3 = -1;

  /** `expectedWatchdogs` sizes the bulk load's staging (the registry knows how many it replayed). */
  constructor(options: { expectedWatchdogs?: number } = {}) {
    const expected = options.expectedWatchdogs ?? 0;
    this.codes = new Postings(false, SUBS, Math.ceil(expected * CODE_ENTRIES_PER_WATCHDOG));
    this.circles = new Postings(true, 1, Math.ceil(expected * CIRCLE_ENTRIES_PER_WATCHDOG));
    this.ranges.reserve(expected * RANGES);
  }

  /** Watchdogs in the index. */
  get size(): number {
    return this.live;
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

  /**
   * Files a watchdog's criteria and returns its slot, the number lookups answer with. The caller
   * keeps slot ↔ watchdog (the matcher's registry does, in the map it replays into anyway).
   */
  insert(criteria: WatchdogCriteria): number {
    const slot = this.slotCount++;
    this.live++;
    this.file(slot, criteria);
    return slot;
  }

  /** Takes a slot's watchdog out (its entries are skipped until the next bulk build). */
  delete(slot: number): void {
    if (slot < 0 || slot >= this.slotCount || this.deleted.has(slot)) return;
    this.deleted.add(slot);
    this.exact.delete(slot);
    this.live--;
    this.codes.removeSlot(slot);
    this.circles.removeSlot(slot);
  }

  /** Packs the bulk-loaded entries; later additions go to small overlays. */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    this.codes.seal(this.slotCount);
    this.circles.seal(this.slotCount);
    // Each listed circle's rows: one bucket (all layouts), contiguous in the bulk-built rows.
    const { blockOf, starts, groupInts } = this.circles;
    for (const list of this.allLists) {
      for (let at = 0; at < list.length * LIST_WORDS; at += LIST_WORDS) {
        const base = baseOf(list.ints[at + LIST_CIRCLE], list.ad, list.type);
        const block = base < blockOf.length ? blockOf[base] : -1;
        if (block < 0 || starts[block] === starts[block + 1]) continue;
        list.ints[at + LIST_FIRST] = groupInts[starts[block] * GROUP_UNITS + 2];
        list.ints[at + LIST_END] = Math.abs(groupInts[(starts[block + 1] - 1) * GROUP_UNITS + 3]);
      }
    }
  }
  private sealed = false;

  // Keyed by watchdog id, for tests and small callers: a map kept beside the slots.

  has(id: string): boolean {
    return this.slotOfId.has(id);
  }

  /** Adds a watchdog by id; to change one, remove it first. */
  add(id: string, criteria: WatchdogCriteria): number {
    if (this.slotOfId.has(id)) throw new Error(`watchdog ${id} is already in the index; remove it first`);
    const slot = this.insert(criteria);
    this.slotOfId.set(id, slot);
    this.ids[slot] = id;
    return slot;
  }

  remove(id: string): boolean {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return false;
    this.delete(slot);
    this.slotOfId.delete(id);
    this.ids[slot] = undefined;
    return true;
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
    this.qCode0 = codes > 0 ? this.locations[0] : -1;
    this.qCode1 = codes > 1 ? this.locations[1] : -1;
    this.qCode2 = codes > 2 ? this.locations[2] : -1;
    this.qCode3 = codes > 3 ? this.locations[3] : -1;
    this.againCount = 0;
    let count = 0;
    for (let i = 0; i < codes; i++) {
      const base = baseOf(this.locations[i], ad, type);
      // Watchdogs that name no layout, then those that name the offer's.
      count = this.scanLayout(this.codes, base, 0, count);
      if (layout > 0) count = this.scanLayout(this.codes, base, layout, count);
    }
    if (offer.location.point && this.cellsOfCircle.length > 0) count = this.scanCircles(offer.location.point, ad, type, layout, count);
    return this.addOnce(count);
  }

  /** Adds the watchdogs of `again` to the results, each once. */
  private addOnce(count: number): number {
    const n = this.againCount;
    if (n === 0) return count;
    if (count + n > this.out.length) this.growOut(count + n);
    // A small open-addressing set, stamped per lookup: it stays in the core's fastest cache, where
    // a bit per watchdog (125 kB per million) would not.
    if (this.setSlots.length < 2 * n) {
      this.setSlots = new Int32Array(2 ** Math.ceil(Math.log2(4 * n)));
      this.setStamps = new Int32Array(this.setSlots.length);
    }
    const slots = this.setSlots;
    const stamps = this.setStamps;
    const mask = slots.length - 1;
    const shift = 32 - Math.log2(slots.length);
    const stamp = (this.stamp = (this.stamp + 1) | 0);
    const out = this.out;
    const again = this.again;
    for (let k = 0; k < n; k++) {
      const slot = again[k];
      let h = Math.imul(slot, 0x9e3779b1) >>> shift;
      while (stamps[h] === stamp && slots[h] !== slot) h = (h + 1) & mask;
      if (stamps[h] === stamp) continue;
      stamps[h] = stamp;
      slots[h] = slot;
      out[count++] = slot;
    }
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
    this.qBits = maskOf(TERRACE_TYPES, offer.terraceTypes) | (bitOf(LAND_TYPES, offer.landType) << LAND_TYPE_SHIFT) | (bitOf(HOUSE_TYPES, offer.houseType) << HOUSE_TYPE_SHIFT);
    // Rows of watchdogs that do not restrict an area hold (-∞, +∞); an offer that states no area
    // (or NaN) is compared as 0, which those pass, and rejects the restricting ones by mask.
    const area = offer.area;
    const landArea = offer.landArea;
    this.qArea = area != null && !Number.isNaN(area) ? area : 0;
    this.qAreaClass = this.qArea === area ? areaClassOf(area) : 0;
    this.qLandArea = landArea != null && !Number.isNaN(landArea) ? landArea : 0;
    if (this.qArea !== area) reject |= AREA;
    if (this.qLandArea !== landArea) reject |= LAND_AREA;
    const pricePerM2 = hasPrice ? pricePerM2Of(offer) : null;
    if (LAND_IN_ROW[TYPE_INDEX[offer.realEstateType]]) {
      this.qSecond = this.qLandArea;
      this.qSecondFlag = LAND_AREA;
    } else if (hasPrice) {
      // Price per m² applies only to offers with a price; one that cannot be worked out fails it.
      const known = pricePerM2 != null && !Number.isNaN(pricePerM2);
      this.qSecond = known ? pricePerM2 : 0;
      this.qSecondFlag = PRICE_PER_M2_IN_ROW;
      if (!known) reject |= PRICE_PER_M2_IN_ROW;
    } else {
      this.qSecond = 0;
      this.qSecondFlag = 0;
    }
    this.qReject = reject;
    this.qBeds = offer.beds ?? NaN;
    this.qPricePerM2 = pricePerM2 ?? NaN;
    const point = offer.location.point;
    this.qLat = point ? point.lat : 0;
    this.qLon = point ? point.lon : 0;
    this.qCosLat = point ? Math.cos((point.lat * Math.PI) / 180) : 0;
  }

  /**
   * The circles that hold the offer's point and whose place it does not lie in by code (that
   * place's code entries answer for those), from the lists of its cells (one per grid level; a
   * circle is listed at one level only, so it is met once); then their rows.
   */
  private scanCircles(point: { lat: number; lon: number }, ad: number, type: number, layout: number, count: number): number {
    const kind = ad * REAL_ESTATE_TYPES.length + type;
    const lat = this.qLat;
    const lon = this.qLon;
    const cosLat = this.qCosLat;
    const code0 = this.qCode0, code1 = this.qCode1, code2 = this.qCode2, code3 = this.qCode3;
    const overlays = this.circles.overlayEntries > 0;
    // First every listed circle's verdict, without a branch to mispredict: the list positions of
    // the circles that hold the point by the cheap bounds (or may, at the edge) go to `held`.
    let held = 0;
    for (let level = 0; level < CELL_LEVELS; level++) {
      const lists = this.cellLists.get(cellOf(point, level));
      const list = lists === undefined ? undefined : lists[kind];
      if (list === undefined) continue;
      const floats = list.floats;
      const ints = list.ints;
      const end = list.length * LIST_WORDS;
      if (held + list.length > this.held.length) this.heldLists.length = (this.held = grownInt(this.held, held + list.length)).length;
      const heldAt = this.held;
      for (let at = 0; at < end; at += LIST_WORDS) {
        const code = ints[at + FAST_CODE];
        const x = (lat - floats[at + FAST_LAT]) * HALF_RADIAN;
        const y = (lon - floats[at + FAST_LON]) * HALF_RADIAN;
        const cc = floats[at + FAST_COS] * cosLat;
        const x2 = x * x;
        const y2 = y * y;
        const upper = x2 + cc * y2;
        heldAt[held] = at;
        this.heldLists[held] = list;
        held +=
          (+(upper < floats[at + FAST_INSIDE]) | +(upper - (x2 * x2 + cc * y2 * y2) / 3 <= floats[at + FAST_OUTSIDE])) &
          +(code !== code0) & +(code !== code1) & +(code !== code2) & +(code !== code3);
      }
    }
    // Then the rows of each, the exact formula first for a point near the edge.
    for (let h = 0; h < held; h++) {
      const list = this.heldLists[h]!;
      const at = this.held[h];
      const floats = list.floats;
      const ints = list.ints;
      if (!(this.upperOf(floats, at) < floats[at + FAST_INSIDE]) && !this.circleTable.exactlyWithin(ints[at + LIST_CIRCLE], lat, lon)) continue;
      const first = ints[at + LIST_FIRST];
      const stop = ints[at + LIST_END];
      if (first < stop) count = this.walkRun(first, stop, layout, count);
      if (overlays) {
        const overlay = this.circles.overlay.get(baseOf(ints[at + LIST_CIRCLE], ad, type));
        if (overlay) count = this.walkOverlay(overlay, count, layout);
      }
    }
    this.heldLists.fill(undefined, 0, held);
    return count;
  }

  /** The cheap upper bound on the haversine value from a list entry's centre to the offer's point. */
  private upperOf(floats: Float32Array, at: number): number {
    const x = (this.qLat - floats[at + FAST_LAT]) * HALF_RADIAN;
    const y = (this.qLon - floats[at + FAST_LON]) * HALF_RADIAN;
    return x * x + floats[at + FAST_COS] * this.qCosLat * y * y;
  }

  /** Rows [first, stop) of the circles' bulk-built rows (one circle's bucket): every check on every row, layouts from the row. */
  private walkRun(first: number, stop: number, layout: number, count: number): number {
    const rows = this.circles.base;
    const { floats, ints, stride } = rows;
    const most = stop - first;
    if (count + most > this.out.length) this.growOut(count + most);
    if (this.againCount + most > this.again.length) this.again = grownInt(this.again, this.againCount + most);
    const out = this.out;
    const again = this.again;
    let againCount = this.againCount;
    const low = this.qLow;
    const high = this.qHigh;
    const reject = this.qReject;
    const bits = this.qBits;
    const area = this.qArea;
    const second = this.qSecond;
    const secondFlag = this.qSecondFlag;
    const layouts = layout > 0 ? 1 | (1 << layout) : 1;
    const from = FROM, areaLo = AREA_LO, areaHi = AREA_HI, landLo = LAND_LO, landHi = LAND_HI, metaAt = META, slotAt = SLOT, layoutsAt = LAYOUTS_AT;
    const extrasFlags = EXTRAS_CHECKS, repeatFlag = REPEAT;
    const terraces = TERRACE_MASK, landTypes = LAND_TYPE_MASK, houseTypes = HOUSE_TYPE_MASK, typeMasks = TERRACE_MASK | LAND_TYPE_MASK | HOUSE_TYPE_MASK;
    for (let u = first * stride, end = stop * stride; u < end; u += stride) {
      const meta = ints[u + metaAt];
      const masks = meta & typeMasks;
      const hits = masks & bits;
      let ok =
        +(floats[u] >= low) & +(floats[u + from] <= high) & +((meta & reject) === 0) & +((ints[u + layoutsAt] & layouts) !== 0) &
        +(area >= floats[u + areaLo]) & +(area <= floats[u + areaHi]) &
        (+((meta & secondFlag) === 0) | (+(second >= floats[u + landLo]) & +(second <= floats[u + landHi]))) &
        (+((masks & terraces) === 0) | +((hits & terraces) !== 0)) &
        (+((masks & landTypes) === 0) | +((hits & landTypes) !== 0)) &
        (+((masks & houseTypes) === 0) | +((hits & houseTypes) !== 0));
      if ((ok & +((meta & extrasFlags) !== 0)) !== 0 && !this.passesExtras(rows, u, meta)) ok = 0;
      const slot = ints[u + slotAt];
      const repeats = +((meta & repeatFlag) !== 0);
      out[count] = slot;
      count += ok & (repeats ^ 1);
      again[againCount] = slot;
      againCount += ok & repeats;
    }
    this.againCount = againCount;
    return count;
  }

  /** The facets of a (base, layout) the offer can match: with and without price, area classes up to its own. */
  private scanLayout(p: Postings, base: number, layout: number, count: number): number {
    const classes = this.qAreaClass;
    for (let include = this.qHasPrice ? 0 : 1; include < 2; include++) {
      for (let k = 0; k <= classes; k++) count = this.scanBucket(p, base, layout * FACETS + include * (AREA_CLASSES.length + 1) + k, count);
    }
    return count;
  }

  /** The groups of a bucket that can hold the offer's price (see `Postings`), then its overlay. */
  private scanBucket(p: Postings, base: number, sub: number, count: number): number {
    const block = base < p.blockOf.length ? p.blockOf[base] : -1;
    if (block >= 0) {
      const first = p.starts[block + sub];
      const last = p.starts[block + sub + 1];
      if (first < last) count = this.walk(p, first, last, count);
    }
    if (p.overlayEntries === 0) return count;
    const overlay = p.overlay.get(base * SUBS + sub);
    return overlay ? this.walkOverlay(overlay, count) : count;
  }

  /**
   * The hot loop: walks groups [first, last) of a bucket. Groups by descending upper bound stop at
   * the first entry below the price; groups by ascending lower bound stop at the first above it;
   * the walk stops at the first group (they are by ascending lower bound) whose lowest lower
   * bound is above the price. Surrounding-area circles are settled by cheap bounds on the
   * haversine value (x² − x⁴/3 ≤ sin²x ≤ x², against the 32-bit edge with a margin); only points
   * within a hair of the edge take the exact formula.
   */
  private walk(p: Postings, first: number, last: number, count: number): number {
    const groupFloats = p.groupFloats;
    const groupInts = p.groupInts;
    const rows = p.base;
    const { floats, ints, stride } = rows;
    // Room for every entry of the bucket, so the loop needs no check.
    const most = Math.abs(groupInts[(last - 1) * GROUP_UNITS + 3]) - groupInts[first * GROUP_UNITS + 2];
    if (count + most > this.out.length) this.growOut(count + most);
    if (this.againCount + most > this.again.length) this.again = grownInt(this.again, this.againCount + most);
    const out = this.out;
    const again = this.again;
    let againCount = this.againCount;
    const low = this.qLow;
    const high = this.qHigh;
    const reject = this.qReject;
    const bits = this.qBits;
    const area = this.qArea;
    const second = this.qSecond;
    const secondFlag = this.qSecondFlag;
    // Module constants are context loads on every use; copies in locals stay in registers.
    const groupUnits = GROUP_UNITS;
    const from = FROM, areaLo = AREA_LO, areaHi = AREA_HI, landLo = LAND_LO, landHi = LAND_HI, metaAt = META, slotAt = SLOT;
    const extrasFlags = EXTRAS_CHECKS, repeatFlag = REPEAT;
    const terraces = TERRACE_MASK, landTypes = LAND_TYPE_MASK, houseTypes = HOUSE_TYPE_MASK, typeMasks = TERRACE_MASK | LAND_TYPE_MASK | HOUSE_TYPE_MASK;
    for (let g = first * groupUnits, end = last * groupUnits; g < end; g += groupUnits) {
      // Group row: highest upper bound, lowest lower bound, first entry, end (negated: by lower bound).
      const stopAt = groupInts[g + 3];
      const byFrom = stopAt < 0;
      if (!byFrom) {
        if (groupFloats[g + 1] > high) break;
        if (groupFloats[g] < low) continue;
      }
      for (let u = groupInts[g + 2] * stride, stop = (byFrom ? -stopAt : stopAt) * stride; u < stop; u += stride) {
        // The upper bound (offset 0) is +∞ throughout a group by lower bound.
        if (floats[u] < low) break;
        const fromOk = floats[u + from] <= high;
        if (byFrom && !fromOk) break;
        // Every check of the common path is folded into one 0/1 number: no branch to mispredict
        // (rows pass and fail unpredictably, and a mispredicted branch also stalls the memory reads).
        const meta = ints[u + metaAt];
        const masks = meta & typeMasks;
        const hits = masks & bits;
        let ok =
          +fromOk & +((meta & reject) === 0) &
          +(area >= floats[u + areaLo]) & +(area <= floats[u + areaHi]) &
          (+((meta & secondFlag) === 0) | (+(second >= floats[u + landLo]) & +(second <= floats[u + landHi]))) &
          (+((masks & terraces) === 0) | +((hits & terraces) !== 0)) &
          (+((masks & landTypes) === 0) | +((hits & landTypes) !== 0)) &
          (+((masks & houseTypes) === 0) | +((hits & houseTypes) !== 0));
        if ((ok & +((meta & extrasFlags) !== 0)) !== 0 && !this.passesExtras(rows, u, meta)) ok = 0;
        // Written either way, kept by advancing the count. Watchdogs reachable through several
        // entries go to a list of their own, freed of repeats once the walk is over.
        const slot = ints[u + slotAt];
        const repeats = +((meta & repeatFlag) !== 0);
        out[count] = slot;
        count += ok & (repeats ^ 1);
        again[againCount] = slot;
        againCount += ok & repeats;
      }
    }
    this.againCount = againCount;
    return count;
  }

  /** An overlay: unsorted entries added after the bulk build, every check on every entry. */
  private walkOverlay(rows: EntryRows, count: number, layout = -1): number {
    const layouts = layout > 0 ? 1 | (1 << layout) : 1;
    if (count + rows.length > this.out.length) this.growOut(count + rows.length);
    for (let i = 0; i < rows.length; i++) {
      const u = i * rows.stride;
      const { floats, ints } = rows;
      if (floats[u + TO] < this.qLow || floats[u + FROM] > this.qHigh) continue;
      const meta = ints[u + META];
      if ((meta & this.qReject) !== 0) continue;
      if ((meta & AREA) !== 0 && !(this.qArea >= floats[u + AREA_LO] && this.qArea <= floats[u + AREA_HI])) continue;
      if ((meta & this.qSecondFlag) !== 0 && !(this.qSecond >= floats[u + LAND_LO] && this.qSecond <= floats[u + LAND_HI])) continue;
      if ((meta & TERRACE_MASK) !== 0 && (meta & this.qBits & TERRACE_MASK) === 0) continue;
      if ((meta & LAND_TYPE_MASK) !== 0 && (meta & this.qBits & LAND_TYPE_MASK) === 0) continue;
      if ((meta & HOUSE_TYPE_MASK) !== 0 && (meta & this.qBits & HOUSE_TYPE_MASK) === 0) continue;
      if ((meta & EXTRAS_CHECKS) !== 0 && !this.passesExtras(rows, u, meta)) continue;
      // Circle rows (the circle already settled by the caller) carry their layouts.
      if (layout >= 0 && (ints[u + LAYOUTS_AT] & layouts) === 0) continue;
      const slot = ints[u + SLOT];
      if ((meta & REPEAT) === 0) {
        this.out[count++] = slot;
      } else {
        if (this.againCount === this.again.length) this.again = grownInt(this.again, this.againCount + 1);
        this.again[this.againCount++] = slot;
      }
    }
    return count;
  }

  /** The ranges of the row's extras record: exact bounds (when rounded in the row), beds, price per m². */
  private passesExtras(rows: EntryRows, u: number, meta: number): boolean {
    const slot = rows.ints[u + SLOT];
    if ((meta & INEXACT) !== 0) {
      const x = this.exact.get(slot)!;
      const price = this.qLow;
      if (this.qHasPrice && (meta & PRICE_RESTRICTED) !== 0 && !(price >= x[0] && price <= x[1])) return false;
      if ((meta & AREA) !== 0 && !(this.qArea >= x[2] && this.qArea <= x[3])) return false;
      if ((meta & LAND_AREA) !== 0 && !(this.qLandArea >= x[4] && this.qLandArea <= x[5])) return false;
      if ((meta & PRICE_PER_M2_IN_ROW) !== 0 && this.qHasPrice && !(this.qPricePerM2 >= x[6] && this.qPricePerM2 <= x[7])) return false;
    }
    const r = this.ranges.data;
    const at = slot * RANGES;
    if ((meta & BEDS) !== 0 && !(this.qBeds >= r[at] && this.qBeds <= r[at + 1])) return false;
    if ((meta & PRICE_PER_M2) !== 0 && this.qHasPrice && !(this.qPricePerM2 >= r[at + 2] && this.qPricePerM2 <= r[at + 3])) return false;
    return true;
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
    // One place reaches an offer once: through its code, or else through one cell of its circle.
    if (c.places.length > 1) flags |= REPEAT;
    const exact = [lo(c.price), hi(c.price), lo(c.area), hi(c.area), lo(c.landArea), hi(c.landArea), lo(c.pricePerM2), hi(c.pricePerM2)] as const;
    // The row's bounds, rounded outwards to 32 bits.
    const from = float32Down(exact[0]);
    const to = float32Up(exact[1]);
    const areaLo = float32Down(exact[2]);
    const areaHi = float32Up(exact[3]);
    const landLo = float32Down(exact[4]);
    const landHi = float32Up(exact[5]);
    const perM2Lo = float32Down(exact[6]);
    const perM2Hi = float32Up(exact[7]);
    if (from !== exact[0] || to !== exact[1] || areaLo !== exact[2] || areaHi !== exact[3] || landLo !== exact[4] || landHi !== exact[5] || perM2Lo !== exact[6] || perM2Hi !== exact[7]) {
      flags |= INEXACT;
      this.exact.set(slot, Float64Array.from(exact));
    }
    if ((flags & (BEDS | PRICE_PER_M2)) !== 0) {
      this.ranges.set(slot * RANGES + 3, hi(c.pricePerM2));
      this.ranges.data[slot * RANGES] = lo(c.beds);
      this.ranges.data[slot * RANGES + 1] = hi(c.beds);
      this.ranges.data[slot * RANGES + 2] = lo(c.pricePerM2);
    }

    // The watchdog's locations, worked out once: codes, then circles.
    let codeCount = 0;
    let circleCount = 0;
    for (const place of c.places) {
      if (codeCount === this.fileCodes.length) this.fileCodes = growInt(this.fileCodes);
      const code = this.codeId(place.kind, place.code);
      this.fileCodes[codeCount++] = code;
      const radius = place.radiusKm ?? 0;
      if (!(radius > 0 && place.point)) continue;
      if (circleCount === this.fileCircles.length) this.fileCircles = growInt(this.fileCircles);
      this.fileCircles[circleCount++] = this.circleTable.idOf(code, place.point, radius);
    }

    let ads = 0;
    for (const adType of c.adTypes) ads |= 1 << AD_INDEX[adType];
    let types = 0;
    for (const type of c.realEstateTypes) types |= 1 << TYPE_INDEX[type];
    let layouts = 0;
    for (const label of c.dispositions) layouts |= 1 << LAYOUT_INDEX[label];

    for (let type = 0; type < REAL_ESTATE_TYPES.length; type++) {
      if ((types & (1 << type)) === 0) continue;
      let meta = flags & SCOPE[type];
      // Types without land area keep price per m² in the row's second range instead of the per-slot ranges.
      const perM2InRow = !LAND_IN_ROW[type] && (meta & PRICE_PER_M2) !== 0;
      if (perM2InRow) meta = (meta & ~PRICE_PER_M2) | PRICE_PER_M2_IN_ROW;
      // A range the type leaves unrestricted is stored open, so the walk can check it unconditionally.
      const aLo = (meta & AREA) !== 0 ? areaLo : -Infinity;
      const aHi = (meta & AREA) !== 0 ? areaHi : Infinity;
      const lLo = perM2InRow ? perM2Lo : (meta & LAND_AREA) !== 0 ? landLo : -Infinity;
      const lHi = perM2InRow ? perM2Hi : (meta & LAND_AREA) !== 0 ? landHi : Infinity;
      const facet = (c.includeWithoutPrice ? AREA_CLASSES.length + 1 : 0) + areaClassOf(aLo);
      if ((meta & RARE_CHECKS) !== 0) meta |= RARE;
      const typeLayouts = layouts !== 0 && LAYOUTS_APPLY[type] ? layouts : 1;
      for (let ad = 0; ad < AD_TYPES.length; ad++) {
        if ((ads & (1 << ad)) === 0) continue;
        // Circles: one row per circle, all layouts in it.
        for (let i = 0; i < circleCount; i++) {
          const circle = this.fileCircles[i];
          const at = this.circles.add(baseOf(circle, ad, type), to, from, slot, meta, aLo, aHi, lLo, lHi);
          this.circles.lastRows.setLayouts(at, typeLayouts);
          this.list(circle, ad, type);
        }
        for (let layout = 0; layout < LAYOUTS; layout++) {
          if ((typeLayouts & (1 << layout)) === 0) continue;
          const sub = layout * FACETS + facet;
          for (let i = 0; i < codeCount; i++) this.codes.add(baseOf(this.fileCodes[i], ad, type) * SUBS + sub, to, from, slot, meta, aLo, aHi, lLo, lHi);
        }
      }
    }
  }

  /** Puts the ids of the offer's codes in `locations` (`locationCount` of them) and returns their number. */
  private locationsOf(offer: Offer): number {
    const { location } = offer;
    this.locationCount = 0;
    if (location.regionCode != null) this.addLocation(this.codeIds.region.get(location.regionCode));
    if (location.districtCode != null) this.addLocation(this.codeIds.district.get(location.districtCode));
    if (location.municipalityCode != null) this.addLocation(this.codeIds.municipality.get(location.municipalityCode));
    if (location.pragueDistrictCode != null) this.addLocation(this.codeIds.pragueDistrict.get(location.pragueDistrictCode));
    return this.locationCount;
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

  /** Lists a circle under its cells for an (offer type, property type), once. */
  private list(circle: number, ad: number, type: number): void {
    const kind = ad * REAL_ESTATE_TYPES.length + type;
    if (circle >= this.listedKinds.length) this.listedKinds = grownInt(this.listedKinds, circle + 1);
    if ((this.listedKinds[circle] & (1 << kind)) !== 0) return;
    this.listedKinds[circle] |= 1 << kind;
    let cells = this.cellsOfCircle[circle];
    if (cells === undefined) {
      const { lat, lon, radiusKm } = this.circleTable.centreOf(circle);
      this.cellsOfCircle[circle] = cells = cellsAround({ lat, lon }, radiusKm, LIST_FIT);
    }
    const record = this.circleTable.fastInts;
    const from = circle * FAST_WORDS;
    for (const cell of cells) {
      let lists = this.cellLists.get(cell);
      if (lists === undefined) this.cellLists.set(cell, (lists = new Array<CircleList | undefined>(KINDS).fill(undefined)));
      let list = lists[kind];
      if (list === undefined) {
        lists[kind] = list = new CircleList(ad, type);
        this.allLists.push(list);
      }
      const at = list.push();
      const ints = list.ints;
      for (let w = 0; w < FAST_WORDS; w++) ints[at + w] = record[from + w];
      ints[at + LIST_CIRCLE] = circle;
      // Rows come with the bulk build (`seal`); a circle listed later has only overlay rows.
      ints[at + LIST_FIRST] = 0;
      ints[at + LIST_END] = 0;
    }
  }

  private growOut(needed: number): void {
    const bigger = new Int32Array(Math.max(needed, this.out.length * 2));
    bigger.set(this.out);
    this.out = bigger;
  }
}

/** One cell's circles for an (offer type, property type): `LIST_WORDS` per circle. */
class CircleList {
  floats = new Float32Array(4 * LIST_WORDS);
  ints = new Int32Array(this.floats.buffer);
  length = 0;

  constructor(readonly ad: number, readonly type: number) {}

  /** Room for one more entry; returns where it starts. */
  push(): number {
    if ((this.length + 1) * LIST_WORDS > this.floats.length) {
      const floats = new Float32Array(this.floats.length * 2);
      floats.set(this.floats);
      this.floats = floats;
      this.ints = new Int32Array(floats.buffer);
    }
    return this.length++ * LIST_WORDS;
  }
}
