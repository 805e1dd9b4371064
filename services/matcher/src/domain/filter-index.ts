import * as proto from '@rr/proto';
import type { Offer, PlaceKind, Range, RealEstateType, WatchdogCriteria } from '@rr/proto';
import * as rowLayout from './entry-rows';
import type { EntryRows } from './entry-rows';
import * as flagBits from './entry-flags';
import * as keys from './keys';
import * as postingLayout from './postings';
import * as priceCodes from './price-codes';
import { GrowableF64 } from './growable';
import { Postings } from './postings';
import { RANGES, SlotRanges } from './slot-ranges';

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
  AGENCY_ONLY, AREA, BEDS, ELEVATOR, EXTRAS_CHECKS, HOUSE_TYPE_MASK, HOUSE_TYPE_SHIFT, INEXACT, LAND_AREA, LAND_TYPE_MASK, LAND_TYPE_SHIFT, MAP_AREA, MAX_NARROW_CODE, NARROWED,
  NARROW_CODE_MASK, NARROW_CODE_SHIFT, PRICE_PER_M2_IN_ROW, PRICED_ONLY, PRICE_PER_M2, PRICE_RESTRICTED, PRIVATE_ONLY, REMOVED, REPEAT, TERRACE_MASK, WORDS,
} = flagBits;
const { CELL_LEVELS, cellOf, cellsAround, subcellOf } = keys;
const { GROUP_UNITS } = postingLayout;
const { PRICES, AREA_RANGE, SECOND_RANGE, META, SLOT, CIRCLE, NEAR, NO_PLACE, OPEN_TOP, LAND_UNIT, PRICE_PER_M2_UNIT, packRange } = rowLayout;
const { NO_LOWER, NO_UPPER, packPrices, priceCodeDown, priceCodeUp } = priceCodes;
/** A packed range open at both ends (see `packRange`). */
const OPEN_RANGE = (OPEN_TOP << 16) | 0;
/** A value as rows compare it with a packed range. */
const inUnits = (value: number, unit: number) => Math.min(OPEN_TOP, Math.max(0, value / unit));
const { AD_TYPES, DISPOSITION_LABELS, EARTH_RADIUS_KM, HOUSE_TYPES, LAND_TYPES, REAL_ESTATE_TYPES, TERRACE_TYPES, criterionApplies, distanceKm, hasWords, pricePerM2Of } = proto;

/**
 * The say on criteria the entries do not hold (words, areas drawn on a map).
 * - `codeVerdicts`, asked once before the walk: per short code of a word criterion
 *   (`NARROW_CODE_MASK`), 1 when the offer satisfies it (index 0, no code: 1). A row with a code
 *   passes or fails on it in the walk's second pass like on any other check of its own.
 * - `decide`, for the candidates that still need a say (an area, or a word criterion without a
 *   code) and passed every other check: one batch per lookup, after the walk, so the reads of their
 *   criteria (at random among a million slots) overlap instead of stalling the walk one by one.
 *   Writes 1 (allowed) or 0 into `verdicts[i]` for `slots[i]`, i < count; `metas[i]` is the
 *   candidate's row meta: which criteria it has (`WORDS`, `MAP_AREA`) and its code.
 */
export type Narrowing = {
  codeVerdicts(): Uint8Array;
  decide(slots: Int32Array, metas: Int32Array, count: number, verdicts: Uint8Array): void;
};
/**
 * The short code (1–127, 0: none) under which the word filter knows the word criterion of a
 * watchdog being filed; kept in the rows' spare bits (`NARROW_CODE_MASK`).
 */
export type NarrowCodeOf = (criteria: WatchdogCriteria) => number;
const indexes = <T extends string>(values: readonly T[], offset = 0) => Object.fromEntries(values.map((v, i) => [v, i + offset])) as Record<T, number>;
const AD_INDEX = indexes(AD_TYPES);
const TYPE_INDEX = indexes(REAL_ESTATE_TYPES);
/** Layout 0 files the watchdogs that name no layout (and every type a layout does not apply to). */
const LAYOUT_INDEX = indexes(DISPOSITION_LABELS, 1);
const LAYOUTS = DISPOSITION_LABELS.length + 1;
const LAYOUTS_APPLY = REAL_ESTATE_TYPES.map((t) => criterionApplies('dispositions', t));
/**
 * Facets split a bucket further so a lookup skips whole parts: whether the watchdog takes offers
 * without a price (an offer without one reads only those that do). Classes of the lowest floor
 * area were a facet too; with circles on one grid level they saved no time and cost memory.
 */
const FACETS = 2;
const SUBS = LAYOUTS * FACETS;
/**
 * A cell's circle rows are split once more, in two sections side by side: rows of circles drawn
 * around the cell's home place (the place with the most rows there, e.g. Praha in the cells of
 * Prague) and the rest. An offer in the home place skips the first: its code finds them all.
 */
const SECTIONS = 2;
const HOME = 1;
const CIRCLE_SUBS = SUBS * SECTIONS;
const BASES_PER_LOCATION = AD_TYPES.length * REAL_ESTATE_TYPES.length;
const baseOf = (location: number, ad: number, type: number) => (location * AD_TYPES.length + ad) * REAL_ESTATE_TYPES.length + type;

const growInt = (a: Int32Array) => {
  const bigger = new Int32Array(a.length * 2);
  bigger.set(a);
  return bigger;
};
const bitOf = <T>(values: readonly T[], value: T | null | undefined) => (value == null ? 0 : 1 << values.indexOf(value));
const maskOf = <T>(values: readonly T[], list: readonly T[]) => list.reduce((m, v) => m | bitOf(values, v), 0);
const lo = (r: Range | undefined) => r?.from ?? -Infinity;
const hi = (r: Range | undefined) => r?.to ?? Infinity;
/** Position on a Z-curve through 0.01° cells (bits of latitude and longitude cells interleaved). */
function zOrder(lat: number, lon: number): number {
  const y = Math.max(0, Math.min(0xffff, Math.floor((lat + 90) * 100)));
  const x = Math.max(0, Math.min(0xffff, Math.floor((lon + 180) * 100)));
  let z = 0;
  for (let bit = 15; bit >= 0; bit--) z = z * 4 + ((y >>> bit) & 1) * 2 + ((x >>> bit) & 1);
  return z;
}

/** The k-th of an offer's `codes` location ids as circle rows hold places, or -1. */
const placeOf = (locations: Int32Array, codes: number, k: number) => (k < codes && locations[k] < NO_PLACE ? locations[k] : -1);
const restricted = (r: Range | undefined) => r != null && (r.from != null || r.to != null);

/** Types whose rows keep land area in their second range (the others keep price per m² there). */
const LAND_IN_ROW = REAL_ESTATE_TYPES.map((t) => criterionApplies('landArea', t));

/** The flags that apply to each property type (a land plot has no lift); the rest are dropped when filing. */
const SCOPE = REAL_ESTATE_TYPES.map((t: RealEstateType) => {
  let mask = BEDS | PRICE_PER_M2 | PRICED_ONLY | REPEAT | PRICE_RESTRICTED | INEXACT | NARROWED | NARROW_CODE_MASK | PRIVATE_ONLY | AGENCY_ONLY;
  if (criterionApplies('area', t)) mask |= AREA;
  if (criterionApplies('landArea', t)) mask |= LAND_AREA;
  if (criterionApplies('elevatorOnly', t)) mask |= ELEVATOR;
  if (criterionApplies('terraceTypes', t)) mask |= TERRACE_MASK;
  if (criterionApplies('landTypes', t)) mask |= LAND_TYPE_MASK;
  if (criterionApplies('houseTypes', t)) mask |= HOUSE_TYPE_MASK;
  return mask;
});

/** Relative margin of the cheap bounds on the haversine value; exact arithmetic decides inside it. */
const NEAR_EDGE = 1e-9;
/** Circle table row: centre latitude, longitude, cos latitude, haversine value of the radius, radius. */
const CIRCLE_WORDS = 5;
const HALF_RADIAN = Math.PI / 360;
/** Location ids of an offer: up to four codes and one cell per level. */
const MAX_LOCATIONS = 4 + CELL_LEVELS;
/** Without a narrowing every code passes (the criteria the rows do not hold are not checked). */
const EVERY_CODE_PASSES = new Uint8Array(MAX_NARROW_CODE + 1).fill(1);

/** Typical entries per watchdog in the Czech market (places × types × layouts; circles under cells), for sizing. */
const CODE_ENTRIES_PER_WATCHDOG = 2.2;
const CIRCLE_ENTRIES_PER_WATCHDOG = 1.9;

export class FilterIndex {
  /** Entries of places matched by code, and of grid cells under surrounding-area circles. */
  private readonly codes: Postings;
  private readonly circles: Postings;
  private readonly codeIds: Record<PlaceKind, Map<string, number>> = { region: new Map(), district: new Map(), municipality: new Map(), pragueDistrict: new Map() };
  private readonly cellIds = new Map<number, number>();
  private nextCodeId = 0;
  private nextCellId = 0;

  private slotCount = 0;
  private live = 0;
  private readonly deleted = new Set<number>();
  private readonly slotOfId = new Map<string, number>();
  private readonly ids: Array<string | undefined> = [];
  /** Beds and (houses, land) price per m² of the watchdogs that restrict them. */
  private readonly ranges = new SlotRanges();
  /** The exact price, floor-area and land-area bounds of watchdogs whose rows hold them rounded. */
  private readonly exact = new Map<number, Float64Array>();
  /** Scratch for filing: location ids of codes, and (cell id, circle, sub-cells, place) per cell a circle reaches. */
  private fileCodes = new Int32Array(32);
  private fileCells = new Int32Array(256);
  /** Every distinct surrounding-area circle filed, `CIRCLE_WORDS` each; circle rows point here. */
  private readonly circleTable = new GrowableF64();
  private readonly circleIds = new Map<number, number>();
  /** Per circle: (cell id, sub-cells) of each cell it reaches, worked out once (most circles are shared). */
  private readonly reaches: Int32Array[] = [];
  /** Per circle: the place it was first drawn around, and its rows in the bulk load (to choose home places). */
  private readonly circlePlaces: number[] = [];
  private readonly circleRows: number[] = [];
  /** Per cell id: the place whose circle rows have a section of their own there (-1: none). */
  private homes = new Int32Array(0);

  /** Watchdogs met in this lookup, one bit per slot (cleared through the results afterwards). */
  private seen = new Int32Array(64);
  private out = new Int32Array(1024);
  /** The rows of a bucket that passed a walk's first pass (row offsets). */
  private kept = new Int32Array(1024);
  private readonly locations = new Int32Array(MAX_LOCATIONS);
  /** Per cell location: the bit of the offer's sub-cell in it. */
  private readonly subcellBits = new Int32Array(MAX_LOCATIONS);
  private locationCount = 0;

  // The lookup's query, read by `scan`; unknown numbers are NaN, which fails every range.
  /** The price (when checked) and its codes: rows whose upper bound's code is below `qPriceUp` or lower bound's above `qPriceDown` fail (see price-codes.ts). */
  private qPrice = NaN;
  private qPriceDown = 0;
  private qPriceUp = 0;
  private qHasPrice = false;
  private qReject = 0;
  private qBits = 0;
  private qArea = NaN;
  private qLandArea = NaN;
  /** The floor area as rows compare it (`inUnits`). */
  private qAreaUnits = 0;
  /** The offer's value for the rows' second range, and the flag that says a row restricts it (0: not checked). */
  private qSecond = 0;
  private qSecondFlag = 0;
  private qBeds = NaN;
  private qPricePerM2 = NaN;
  private qLat = 0;
  private qLon = 0;
  private qCosLat = 0;
  /** The offer's code location ids (-1 where it has fewer): circles drawn around them are found by code. */
  private qPlace0 = -1;
  private qPlace1 = -1;
  private qPlace2 = -1;
  private qPlace3 = -1;
  /** Positions in `out` of this lookup's candidates flagged `NARROWED` (ascending), their row metas, slots and verdicts. */
  private narrowedAt = new Int32Array(1024);
  private narrowedCount = 0;
  private narrowedMetas = new Int32Array(1024);
  private narrowedSlots = new Int32Array(256);
  private verdicts = new Uint8Array(256);
  /** This lookup's verdict per short code of a word criterion (`Narrowing.codeVerdicts`). */
  private codeVerdicts: Uint8Array = EVERY_CODE_PASSES;
  private readonly narrowCodeOf: NarrowCodeOf | undefined;

  /**
   * `expectedWatchdogs` sizes the bulk load's staging (the registry knows how many it replayed);
   * `narrowCodeOf` gives the short code of a watchdog's word criterion, kept in its rows.
   */
  constructor(options: { expectedWatchdogs?: number; narrowCodeOf?: NarrowCodeOf } = {}) {
    const expected = options.expectedWatchdogs ?? 0;
    this.narrowCodeOf = options.narrowCodeOf;
    this.codes = new Postings(false, SUBS, Math.ceil(expected * CODE_ENTRIES_PER_WATCHDOG));
    this.circles = new Postings(true, CIRCLE_SUBS, Math.ceil(expected * CIRCLE_ENTRIES_PER_WATCHDOG));
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
    if (this.seen.length * 32 <= slot) this.growSeen(slot);
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
    this.codes.seal();
    if (this.circles.isSealed) return;
    this.renumberCircles();
    this.chooseHomes();
    this.circles.seal();
  }

  /**
   * Numbers the circles along a Z-curve of their centres' cells, so the circles one cell's rows
   * point at sit close together in the circle table: the exact check of a kept row then mostly
   * finds its circle in a nearby cache line instead of missing.
   */
  private renumberCircles(): void {
    const count = this.circleTable.length / CIRCLE_WORDS;
    if (count === 0) return;
    const old = this.circleTable.data;
    const keyOf = new Float64Array(count);
    for (let c = 0; c < count; c++) keyOf[c] = zOrder(old[c * CIRCLE_WORDS], old[c * CIRCLE_WORDS + 1]);
    const byKey = Array.from({ length: count }, (_, c) => c).sort((a, b) => keyOf[a] - keyOf[b] || a - b);
    const renumbered = new Int32Array(count);
    byKey.forEach((c, i) => (renumbered[c] = i));
    const table = new Float64Array(old.length);
    for (let c = 0; c < count; c++) table.set(old.subarray(c * CIRCLE_WORDS, (c + 1) * CIRCLE_WORDS), renumbered[c] * CIRCLE_WORDS);
    this.circleTable.data = table;
    for (const [key, c] of this.circleIds) this.circleIds.set(key, renumbered[c]);
    const permute = <T>(values: T[]) => {
      const copy = values.slice();
      values.length = 0;
      copy.forEach((v, c) => (values[renumbered[c]] = v));
    };
    permute(this.reaches);
    permute(this.circlePlaces);
    permute(this.circleRows);
    const { ints, stride, length } = this.circles.staged;
    for (let e = 0; e < length; e++) ints[e * stride + CIRCLE] = renumbered[ints[e * stride + CIRCLE]];
  }

  /** Picks each cell's home place and moves the staged rows of its circles to their section. */
  private chooseHomes(): void {
    const rowsAt = new Map<number, number>();
    this.reaches.forEach((reach, circle) => {
      const place = this.circlePlaces[circle];
      if (place >= NO_PLACE) return;
      const perCell = this.circleRows[circle] / (reach.length / 2);
      for (let i = 0; i < reach.length; i += 2) {
        const key = reach[i] * NO_PLACE + place;
        rowsAt.set(key, (rowsAt.get(key) ?? 0) + perCell);
      }
    });
    const homes = new Int32Array(this.nextCellId).fill(-1);
    const most = new Float64Array(this.nextCellId);
    for (const [key, rows] of rowsAt) {
      const cell = Math.floor(key / NO_PLACE);
      if (rows > most[cell]) {
        most[cell] = rows;
        homes[cell] = key - cell * NO_PLACE;
      }
    }
    this.homes = homes;
    const staged = this.circles.staged;
    const { ints, stride } = staged;
    this.circles.restage((base, sub, e) => {
      const home = homes[Math.floor(base / BASES_PER_LOCATION)];
      return home >= 0 && ints[e * stride + NEAR] >>> 16 === home ? sub + HOME : sub;
    });
  }

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

  /**
   * The number of matching watchdogs; their slots are `slots[0 … count-1]`. Allocates nothing.
   * `narrowing` decides the criteria the entries do not hold (without it they are not checked).
   */
  matchSlots(offer: Offer, narrowing?: Narrowing): number {
    this.seal();
    this.narrowedCount = 0;
    const ad = AD_INDEX[offer.adType];
    const type = TYPE_INDEX[offer.realEstateType];
    if (ad === undefined || type === undefined) return 0;
    const layout = LAYOUTS_APPLY[type] && offer.dispositionLabel != null ? LAYOUT_INDEX[offer.dispositionLabel] : 0;
    this.prepare(offer);
    this.codeVerdicts = narrowing ? narrowing.codeVerdicts() : EVERY_CODE_PASSES;
    const codes = this.locationsOf(offer);
    let count = 0;
    for (let i = 0; i < this.locationCount; i++) {
      const postings = i < codes ? this.codes : this.circles;
      const location = this.locations[i];
      const base = baseOf(location, ad, type);
      const subcell = this.subcellBits[i];
      // A cell's home section unless the offer is in its home place (codes: no sections).
      const home = i < codes || location >= this.homes.length ? -1 : this.homes[location];
      const sections = i >= codes && (home < 0 || (home !== this.qPlace0 && home !== this.qPlace1 && home !== this.qPlace2 && home !== this.qPlace3)) ? SECTIONS : 1;
      // Watchdogs that name no layout, then those that name the offer's.
      count = this.scanLayout(postings, base, 0, subcell, sections, count);
      if (layout > 0) count = this.scanLayout(postings, base, layout, subcell, sections, count);
    }
    const seen = this.seen;
    const out = this.out;
    for (let k = 0; k < count; k++) seen[out[k] >>> 5] = 0;
    return narrowing && this.narrowedCount > 0 ? this.narrow(narrowing, count) : count;
  }

  /** Asks the narrowing about the flagged candidates and keeps, in order, the results it allows. */
  private narrow(narrowing: Narrowing, count: number): number {
    const m = this.narrowedCount;
    if (m > this.narrowedSlots.length) {
      this.narrowedSlots = new Int32Array(Math.max(m, this.narrowedSlots.length * 2));
      this.verdicts = new Uint8Array(this.narrowedSlots.length);
    }
    const out = this.out;
    const at = this.narrowedAt;
    const slots = this.narrowedSlots;
    for (let i = 0; i < m; i++) slots[i] = out[at[i]];
    narrowing.decide(slots, this.narrowedMetas, m, this.verdicts);
    const verdicts = this.verdicts;
    let kept = at[0];
    for (let i = 0; i < m; i++) {
      const stop = i + 1 < m ? at[i + 1] : count;
      // Copies the refused one's followers down, up to the next flagged candidate.
      if (verdicts[i] === 1) out[kept++] = out[at[i]];
      for (let k = at[i] + 1; k < stop; k++) out[kept++] = out[k];
    }
    return kept;
  }

  private prepare(offer: Offer): void {
    const price = offer.price;
    const hasPrice = price != null;
    this.qHasPrice = hasPrice;
    // A price that is not a number fails every restricted range and passes the open ones.
    const checked = hasPrice && !Number.isNaN(price);
    this.qPrice = checked ? price : NaN;
    // Unchecked: codes that pass every bound.
    this.qPriceDown = checked ? priceCodeDown(price) : NO_UPPER;
    this.qPriceUp = checked ? priceCodeUp(price) : NO_LOWER;
    let reject = REMOVED;
    if (!hasPrice) reject |= PRICED_ONLY;
    else if (!checked) reject |= PRICE_RESTRICTED;
    if (offer.elevator !== true) reject |= ELEVATOR;
    // The seller as `sellerAllows` has it: an unknown one passes neither choice.
    if (offer.privateSeller !== true) reject |= PRIVATE_ONLY;
    if (offer.privateSeller !== false) reject |= AGENCY_ONLY;
    this.qBits = maskOf(TERRACE_TYPES, offer.terraceTypes) | (bitOf(LAND_TYPES, offer.landType) << LAND_TYPE_SHIFT) | (bitOf(HOUSE_TYPES, offer.houseType) << HOUSE_TYPE_SHIFT);
    // Rows of watchdogs that do not restrict an area hold (-∞, +∞); an offer that states no area
    // (or NaN) is compared as 0, which those pass, and rejects the restricting ones by mask.
    const area = offer.area;
    const landArea = offer.landArea;
    this.qArea = area != null && !Number.isNaN(area) ? area : 0;
    this.qLandArea = landArea != null && !Number.isNaN(landArea) ? landArea : 0;
    if (this.qArea !== area) reject |= AREA;
    if (this.qLandArea !== landArea) reject |= LAND_AREA;
    this.qAreaUnits = inUnits(this.qArea, 1);
    const pricePerM2 = hasPrice ? pricePerM2Of(offer) : null;
    if (LAND_IN_ROW[TYPE_INDEX[offer.realEstateType]]) {
      this.qSecond = inUnits(this.qLandArea, LAND_UNIT);
      this.qSecondFlag = LAND_AREA;
    } else if (hasPrice) {
      // Price per m² applies only to offers with a price; one that cannot be worked out fails it.
      const known = pricePerM2 != null && !Number.isNaN(pricePerM2);
      this.qSecond = known ? inUnits(pricePerM2, PRICE_PER_M2_UNIT) : 0;
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
   * The facets of a (base, layout) the offer can match: watchdogs that take offers without a price,
   * and (for an offer with one) those that do not. Subs that lie side by side (both facets, and
   * both sections of a cell) are walked as one run of groups: their groups are adjacent.
   */
  private scanLayout(p: Postings, base: number, layout: number, subcell: number, sections: number, count: number): number {
    const from = this.qHasPrice ? 0 : 1;
    if (!p.geo) return this.scanBucket(p, base, layout * FACETS + from, (layout + 1) * FACETS, subcell, count);
    if (sections === SECTIONS) return this.scanBucket(p, base, (layout * FACETS + from) * SECTIONS, (layout + 1) * FACETS * SECTIONS, subcell, count);
    for (let include = from; include < FACETS; include++) {
      const sub = (layout * FACETS + include) * SECTIONS;
      count = this.scanBucket(p, base, sub, sub + 1, subcell, count);
    }
    return count;
  }

  /** The groups of the subs [from, to) of a base that can hold the offer's price (see `Postings`), then their overlays. */
  private scanBucket(p: Postings, base: number, from: number, to: number, subcell: number, count: number): number {
    const block = base < p.blockOf.length ? p.blockOf[base] : -1;
    if (block >= 0) {
      const first = p.starts[block + from];
      const last = p.starts[block + to];
      if (first < last) count = p.geo ? this.walkCircles(p, first, last, subcell, count) : this.walk(p, first, last, count);
    }
    if (p.overlayEntries === 0) return count;
    for (let sub = from; sub < to; sub++) {
      const overlay = p.overlay.get(base * p.subs + sub);
      if (overlay) count = this.walkOverlay(overlay, count);
    }
    return count;
  }

  /**
   * The hot loop: walks groups [first, last) of a bucket in two passes. The first reads each row's
   * price, floor area, second range and flags and keeps the rows that pass them, without a branch
   * per check (a mispredicted branch costs more than the checks): groups by descending upper
   * bound stop at the first entry below the price, groups by ascending lower bound at the first
   * above it, and at the first group (they are by ascending lower bound) whose lowest lower bound
   * is above the price the walk steps on to the next sub's groups (the walk may span several subs
   * that lie side by side). The second pass (`settle`) decides the kept rows' type masks, extras,
   * circle and repeats.
   */
  private walk(p: Postings, first: number, last: number, count: number): number {
    const groupInts = p.groupInts;
    const rows = p.base;
    const { ints, stride } = rows;
    // Room for every entry of the bucket, so the loops need no check.
    const most = Math.abs(groupInts[(last - 1) * GROUP_UNITS + 3]) - groupInts[first * GROUP_UNITS + 2];
    if (most > this.kept.length) this.kept = new Int32Array(Math.max(most, this.kept.length * 2));
    if (count + most > this.out.length) this.growOut(count + most);
    const kept = this.kept;
    const down = this.qPriceDown;
    const up = this.qPriceUp;
    const reject = this.qReject;
    const area = this.qAreaUnits;
    const second = this.qSecond;
    const secondFlag = this.qSecondFlag;
    // Module constants are context loads on every use; copies in locals stay in registers.
    const groupUnits = GROUP_UNITS;
    const areaAt = AREA_RANGE, secondAt = SECOND_RANGE, metaAt = META;
    let n = 0;
    for (let g = first * groupUnits, end = last * groupUnits; g < end; g += groupUnits) {
      // Group row: highest upper bound, lowest lower bound | groups to the next sub, first entry,
      // end (negated: by lower bound).
      const stopAt = groupInts[g + 3];
      const start = groupInts[g + 2] * stride;
      if (stopAt < 0) {
        // By ascending lower bound, upper bound +∞ throughout.
        for (let u = start, stop = -stopAt * stride; u < stop; u += stride) {
          if ((ints[u] & 0xffff) > down) break;
          const meta = ints[u + metaAt];
          const areas = ints[u + areaAt];
          const seconds = ints[u + secondAt];
          kept[n] = u;
          n += +((meta & reject) === 0) & +(area >= (areas & 0xffff)) & +(area <= areas >>> 16) &
            (+((meta & secondFlag) === 0) | (+(second >= (seconds & 0xffff)) & +(second <= seconds >>> 16)));
        }
        continue;
      }
      // This sub's later groups (by ascending lower bound) are all above the price: on to the next sub.
      const bottom = groupInts[g + 1];
      if ((bottom & 0xffff) > down) {
        g += ((bottom >>> 16) - 1) * groupUnits;
        continue;
      }
      if (groupInts[g] < up) continue;
      for (let u = start, stop = stopAt * stride; u < stop; u += stride) {
        const prices = ints[u];
        if (prices >>> 16 < up) break;
        const meta = ints[u + metaAt];
        const areas = ints[u + areaAt];
        const seconds = ints[u + secondAt];
        kept[n] = u;
        n += +((prices & 0xffff) <= down) & +((meta & reject) === 0) & +(area >= (areas & 0xffff)) & +(area <= areas >>> 16) &
          (+((meta & secondFlag) === 0) | (+(second >= (seconds & 0xffff)) & +(second <= seconds >>> 16)));
      }
    }
    return n === 0 ? count : this.settle(rows, n, count);
  }

  /**
   * `walk` for the rows of a cell under surrounding-area circles, which the first pass also holds
   * to the circle's reach: a row passes only if its circle reaches the offer's sub-cell, and not if
   * its circle is drawn around a place the offer is in (the watchdog's entry under that place's
   * code finds it). Most rows a cell holds fail one of the two, and the exact distance in `settle`
   * is by far the dearest check. A copy of `walk`'s loops rather than a shared one: the extra
   * checks cost the code rows time in the hottest loop.
   */
  private walkCircles(p: Postings, first: number, last: number, subcell: number, count: number): number {
    const groupInts = p.groupInts;
    const rows = p.base;
    const { ints, stride } = rows;
    const most = Math.abs(groupInts[(last - 1) * GROUP_UNITS + 3]) - groupInts[first * GROUP_UNITS + 2];
    if (most > this.kept.length) this.kept = new Int32Array(Math.max(most, this.kept.length * 2));
    if (count + most > this.out.length) this.growOut(count + most);
    const kept = this.kept;
    const down = this.qPriceDown;
    const up = this.qPriceUp;
    const reject = this.qReject;
    const area = this.qAreaUnits;
    const second = this.qSecond;
    const secondFlag = this.qSecondFlag;
    const p0 = this.qPlace0, p1 = this.qPlace1, p2 = this.qPlace2, p3 = this.qPlace3;
    const groupUnits = GROUP_UNITS;
    const areaAt = AREA_RANGE, secondAt = SECOND_RANGE, metaAt = META, nearAt = NEAR;
    let n = 0;
    for (let g = first * groupUnits, end = last * groupUnits; g < end; g += groupUnits) {
      const stopAt = groupInts[g + 3];
      const start = groupInts[g + 2] * stride;
      if (stopAt < 0) {
        for (let u = start, stop = -stopAt * stride; u < stop; u += stride) {
          if ((ints[u] & 0xffff) > down) break;
          const meta = ints[u + metaAt];
          const areas = ints[u + areaAt];
          const seconds = ints[u + secondAt];
          const near = ints[u + nearAt];
          const place = near >>> 16;
          kept[n] = u;
          n += +((meta & reject) === 0) & +(area >= (areas & 0xffff)) & +(area <= areas >>> 16) &
            (+((meta & secondFlag) === 0) | (+(second >= (seconds & 0xffff)) & +(second <= seconds >>> 16))) &
            +((near & subcell) !== 0) & +(place !== p0) & +(place !== p1) & +(place !== p2) & +(place !== p3);
        }
        continue;
      }
      // This sub's later groups (by ascending lower bound) are all above the price: on to the next sub.
      const bottom = groupInts[g + 1];
      if ((bottom & 0xffff) > down) {
        g += ((bottom >>> 16) - 1) * groupUnits;
        continue;
      }
      if (groupInts[g] < up) continue;
      for (let u = start, stop = stopAt * stride; u < stop; u += stride) {
        const prices = ints[u];
        if (prices >>> 16 < up) break;
        const meta = ints[u + metaAt];
        const areas = ints[u + areaAt];
        const seconds = ints[u + secondAt];
        const near = ints[u + nearAt];
        const place = near >>> 16;
        kept[n] = u;
        n += +((prices & 0xffff) <= down) & +((meta & reject) === 0) & +(area >= (areas & 0xffff)) & +(area <= areas >>> 16) &
          (+((meta & secondFlag) === 0) | (+(second >= (seconds & 0xffff)) & +(second <= seconds >>> 16))) &
          +((near & subcell) !== 0) & +(place !== p0) & +(place !== p1) & +(place !== p2) & +(place !== p3);
      }
    }
    return n === 0 ? count : this.settle(rows, n, count);
  }

  /**
   * The second pass of `walk`: type masks, extras, the circle and repeats of the kept rows, again
   * without a branch per check where the data decides (extras and points at a circle's very edge
   * are rare enough to branch on). Circles are settled by cheap bounds on the haversine value
   * (x² − x⁴/3 ≤ sin²x ≤ x², against the 32-bit edge with a margin); only points within a hair of
   * the edge take the exact formula.
   */
  private settle(rows: EntryRows, n: number, count: number): number {
    const { ints, geo } = rows;
    const kept = this.kept;
    const out = this.out;
    const seen = this.seen;
    const bits = this.qBits;
    const circles = this.circleTable.data;
    const lat = this.qLat;
    const lon = this.qLon;
    const cosLat = this.qCosLat;
    const metaAt = META, slotAt = SLOT, circleAt = CIRCLE, circleWords = CIRCLE_WORDS;
    const extrasFlags = EXTRAS_CHECKS, inner = 1 - NEAR_EDGE, outer = 1 + NEAR_EDGE, third = 1 / 3;
    const terraces = TERRACE_MASK, landTypes = LAND_TYPE_MASK, houseTypes = HOUSE_TYPE_MASK;
    const words = WORDS, mapArea = MAP_AREA, codeShift = NARROW_CODE_SHIFT, codeVerdicts = this.codeVerdicts;
    if (count + n > this.narrowedAt.length) this.growNarrowedAt(count + n);
    const narrowedAt = this.narrowedAt;
    const narrowedMetas = this.narrowedMetas;
    let flagged = this.narrowedCount;
    for (let k = 0; k < n; k++) {
      const u = kept[k];
      const meta = ints[u + metaAt];
      // A type mask (0: any) passes when it allows one of the offer's types.
      let pass = (+((meta & terraces) === 0) | +((meta & bits & terraces) !== 0)) &
        (+((meta & landTypes) === 0) | +((meta & bits & landTypes) !== 0)) &
        (+((meta & houseTypes) === 0) | +((meta & bits & houseTypes) !== 0));
      if ((meta & extrasFlags) !== 0 && pass !== 0) pass = +this.passesExtras(rows, u, meta);
      // A word criterion with a short code is decided here; one without, and an area, after the walk.
      const code = meta >>> codeShift;
      pass &= codeVerdicts[code];
      if (geo) {
        const c = ints[u + circleAt] * circleWords;
        const x = (lat - circles[c]) * HALF_RADIAN;
        const y = (lon - circles[c + 1]) * HALF_RADIAN;
        const cc = circles[c + 2] * cosLat;
        const x2 = x * x;
        const y2 = y * y;
        const upper = x2 + cc * y2;
        const edge = circles[c + 3];
        const inside = +(upper < edge * inner);
        const outside = +(upper - (x2 * x2 + cc * y2 * y2) * third > edge * outer);
        if ((inside | outside) === 0) pass &= +this.exactlyWithin(ints[u + circleAt]);
        else pass &= inside;
      }
      // Each watchdog once. The bitset takes watchdogs with a single entry too: cheaper than a branch on the flag.
      const slot = ints[u + slotAt];
      const word = slot >>> 5;
      const bit = 1 << (slot & 31);
      const was = seen[word];
      pass &= +((was & bit) === 0);
      seen[word] = was | (bit & -pass);
      // Where a candidate the narrowing decides later lands in the results.
      narrowedAt[flagged] = count;
      narrowedMetas[flagged] = meta;
      flagged += pass & (+((meta & mapArea) !== 0) | (+((meta & words) !== 0) & +(code === 0)));
      out[count] = slot;
      count += pass;
    }
    this.narrowedCount = flagged;
    return count;
  }

  /** An overlay: unsorted entries added after the bulk build, every check on every entry. */
  private walkOverlay(rows: EntryRows, count: number): number {
    if (count + rows.length > this.out.length) this.growOut(count + rows.length);
    for (let i = 0; i < rows.length; i++) {
      const u = i * rows.stride;
      const ints = rows.ints;
      const prices = ints[u + PRICES];
      if (prices >>> 16 < this.qPriceUp || (prices & 0xffff) > this.qPriceDown) continue;
      const meta = ints[u + META];
      if ((meta & this.qReject) !== 0) continue;
      const areas = ints[u + AREA_RANGE];
      const seconds = ints[u + SECOND_RANGE];
      if ((meta & AREA) !== 0 && !(this.qAreaUnits >= (areas & 0xffff) && this.qAreaUnits <= areas >>> 16)) continue;
      if ((meta & this.qSecondFlag) !== 0 && !(this.qSecond >= (seconds & 0xffff) && this.qSecond <= seconds >>> 16)) continue;
      if ((meta & TERRACE_MASK) !== 0 && (meta & this.qBits & TERRACE_MASK) === 0) continue;
      if ((meta & LAND_TYPE_MASK) !== 0 && (meta & this.qBits & LAND_TYPE_MASK) === 0) continue;
      if ((meta & HOUSE_TYPE_MASK) !== 0 && (meta & this.qBits & HOUSE_TYPE_MASK) === 0) continue;
      if ((meta & EXTRAS_CHECKS) !== 0 && !this.passesExtras(rows, u, meta)) continue;
      const code = meta >>> NARROW_CODE_SHIFT;
      if (this.codeVerdicts[code] === 0) continue;
      if (rows.geo && !this.exactlyWithin(ints[u + CIRCLE])) continue;
      const slot = ints[u + SLOT];
      if ((meta & REPEAT) !== 0) {
        const word = slot >>> 5;
        const bit = 1 << (slot & 31);
        if ((this.seen[word] & bit) !== 0) continue;
        this.seen[word] |= bit;
      }
      if ((meta & MAP_AREA) !== 0 || ((meta & WORDS) !== 0 && code === 0)) {
        if (this.narrowedCount === this.narrowedAt.length) this.growNarrowedAt(this.narrowedCount + 1);
        this.narrowedMetas[this.narrowedCount] = meta;
        this.narrowedAt[this.narrowedCount++] = count;
      }
      this.out[count++] = slot;
    }
    return count;
  }

  /** The ranges of the row's extras record: exact bounds (when rounded in the row), beds, price per m². */
  private passesExtras(rows: EntryRows, u: number, meta: number): boolean {
    const slot = rows.ints[u + SLOT];
    if ((meta & INEXACT) !== 0) {
      const x = this.exact.get(slot)!;
      const price = this.qPrice;
      if (this.qHasPrice && (meta & PRICE_RESTRICTED) !== 0 && !(price >= x[0] && price <= x[1])) return false;
      if ((meta & AREA) !== 0 && !(this.qArea >= x[2] && this.qArea <= x[3])) return false;
      if ((meta & LAND_AREA) !== 0 && !(this.qLandArea >= x[4] && this.qLandArea <= x[5])) return false;
      if ((meta & PRICE_PER_M2_IN_ROW) !== 0 && this.qHasPrice && !(this.qPricePerM2 >= x[6] && this.qPricePerM2 <= x[7])) return false;
    }
    const r = this.ranges.values;
    const at = this.ranges.find(slot) * RANGES;
    if ((meta & BEDS) !== 0 && !(this.qBeds >= r[at] && this.qBeds <= r[at + 1])) return false;
    if ((meta & PRICE_PER_M2) !== 0 && this.qHasPrice && !(this.qPricePerM2 >= r[at + 2] && this.qPricePerM2 <= r[at + 3])) return false;
    return true;
  }

  /**
   * `distanceKm(centre, offer) <= radius` for a circle, exactly as geo.ts computes it. The walk
   * first bounds the haversine value cheaply and comes here only for points within a hair of the
   * edge.
   */
  private exactlyWithin(circle: number): boolean {
    const c = circle * CIRCLE_WORDS;
    const table = this.circleTable.data;
    return distanceKm({ lat: table[c], lon: table[c + 1] }, { lat: this.qLat, lon: this.qLon }) <= table[c + 4];
  }

  /**
   * The id of a circle in the circle table, adding it when new. Circles are looked up by a
   * number mixed from centre and radius; a clash of two different circles (the table tells) just
   * files the second as a circle of its own.
   */
  private circleId(point: { lat: number; lon: number }, radius: number): number {
    const key = point.lat * 1e9 + point.lon * 1e4 + radius;
    let id = this.circleIds.get(key);
    const t = this.circleTable.data;
    if (id === undefined || t[id * CIRCLE_WORDS] !== point.lat || t[id * CIRCLE_WORDS + 1] !== point.lon || t[id * CIRCLE_WORDS + 4] !== radius) {
      id = this.circleTable.length / CIRCLE_WORDS;
      this.circleIds.set(key, id);
      this.circleTable.push(point.lat);
      this.circleTable.push(point.lon);
      this.circleTable.push(Math.cos((point.lat * Math.PI) / 180));
      this.circleTable.push(Math.sin(radius / (2 * EARTH_RADIUS_KM)) ** 2);
      this.circleTable.push(radius);
    }
    return id;
  }

  private reachOf(circle: number, center: { lat: number; lon: number }, radius: number): Int32Array {
    let reach = this.reaches[circle];
    if (reach === undefined) {
      const cells = cellsAround(center, radius);
      reach = new Int32Array(cells.length * 2);
      cells.forEach(({ cell, subcells }, i) => {
        reach![2 * i] = this.cellId(cell);
        reach![2 * i + 1] = subcells;
      });
      this.reaches[circle] = reach;
    }
    return reach;
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
    if (hasWords(c.words)) {
      const code = this.narrowCodeOf?.(c) ?? 0;
      flags |= WORDS | ((code > 0 && code <= MAX_NARROW_CODE ? code : 0) << NARROW_CODE_SHIFT);
    }
    if (c.mapArea) flags |= MAP_AREA;
    if (c.seller === 'private') flags |= PRIVATE_ONLY;
    else if (c.seller === 'agency') flags |= AGENCY_ONLY;
    let circles = 0;
    for (const place of c.places) if ((place.radiusKm ?? 0) > 0 && place.point) circles++;
    if (c.places.length > 1 || circles > 0) flags |= REPEAT;
    const exact = [lo(c.price), hi(c.price), lo(c.area), hi(c.area), lo(c.landArea), hi(c.landArea), lo(c.pricePerM2), hi(c.pricePerM2)] as const;
    // The row's bounds, rounded outwards: prices to 16-bit codes, areas to 16-bit whole units.
    const prices = packPrices(exact[0], exact[1]);
    const areas = packRange(exact[2], exact[3], 1);
    const lands = packRange(exact[4], exact[5], LAND_UNIT);
    const perM2s = packRange(exact[6], exact[7], PRICE_PER_M2_UNIT);
    if (!prices.exact || !areas.exact || !lands.exact || !perM2s.exact) {
      flags |= INEXACT;
      this.exact.set(slot, Float64Array.from(exact));
    }
    if ((flags & (BEDS | PRICE_PER_M2)) !== 0) {
      this.ranges.set(slot, lo(c.beds), hi(c.beds), lo(c.pricePerM2), hi(c.pricePerM2));
    }

    // The watchdog's locations, worked out once: codes, then (cell, circle) pairs.
    let codeCount = 0;
    let cellCount = 0;
    // An area drawn on a map lies in its place's circle (the account service draws the circle so):
    // such a watchdog is filed under the circle alone, as no place's (never skipped as the home
    // place's), since its code rows would only bring offers outside the area (registry: AreaFilter).
    const areaOnly = c.mapArea != null;
    for (const place of c.places) {
      const radius = place.radiusKm ?? 0;
      const circled = radius > 0 && place.point != null;
      const placeId = this.codeId(place.kind, place.code);
      if (!(areaOnly && circled)) {
        if (codeCount === this.fileCodes.length) this.fileCodes = growInt(this.fileCodes);
        this.fileCodes[codeCount++] = placeId;
      }
      if (!circled) continue;
      const circle = this.circleId(place.point!, radius);
      const rowPlace = areaOnly ? NO_PLACE : placeId;
      const reach = this.reachOf(circle, place.point!, radius);
      this.circlePlaces[circle] ??= rowPlace;
      for (let i = 0; i < reach.length; i += 2) {
        if (cellCount + 4 > this.fileCells.length) this.fileCells = growInt(this.fileCells);
        this.fileCells[cellCount++] = reach[i];
        this.fileCells[cellCount++] = circle;
        this.fileCells[cellCount++] = reach[i + 1];
        this.fileCells[cellCount++] = rowPlace;
      }
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
      const area = (meta & AREA) !== 0 ? areas.packed : OPEN_RANGE;
      const second = perM2InRow ? perM2s.packed : (meta & LAND_AREA) !== 0 ? lands.packed : OPEN_RANGE;
      const facet = c.includeWithoutPrice ? 1 : 0;
      const typeLayouts = layouts !== 0 && LAYOUTS_APPLY[type] ? layouts : 1;
      for (let ad = 0; ad < AD_TYPES.length; ad++) {
        if ((ads & (1 << ad)) === 0) continue;
        for (let layout = 0; layout < LAYOUTS; layout++) {
          if ((typeLayouts & (1 << layout)) === 0) continue;
          const sub = layout * FACETS + facet;
          for (let i = 0; i < codeCount; i++) this.codes.add(baseOf(this.fileCodes[i], ad, type) * SUBS + sub, prices.packed, slot, meta, area, second);
          for (let i = 0; i < cellCount; i += 4) {
            const circle = this.fileCells[i + 1];
            this.circleRows[circle] = (this.circleRows[circle] ?? 0) + 1;
            const at = this.circles.add(baseOf(this.fileCells[i], ad, type) * CIRCLE_SUBS + sub * SECTIONS, prices.packed, slot, meta, area, second);
            this.circles.lastRows.setCircle(at, this.fileCells[i + 1], this.fileCells[i + 2], this.fileCells[i + 3]);
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
    // Circle rows drawn around one of these places are skipped (-1: none; ids past the rows' 16 bits are never skipped).
    this.qPlace0 = placeOf(this.locations, codes, 0);
    this.qPlace1 = placeOf(this.locations, codes, 1);
    this.qPlace2 = placeOf(this.locations, codes, 2);
    this.qPlace3 = placeOf(this.locations, codes, 3);
    if (location.point) {
      for (let level = 0; level < CELL_LEVELS; level++) {
        this.subcellBits[this.locationCount] = 1 << subcellOf(location.point, level);
        this.addLocation(this.cellIds.get(cellOf(location.point, level)));
      }
    }
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

  private growNarrowedAt(needed: number): void {
    const size = Math.max(needed, this.narrowedAt.length * 2);
    const at = new Int32Array(size);
    at.set(this.narrowedAt.subarray(0, this.narrowedCount));
    this.narrowedAt = at;
    const metas = new Int32Array(size);
    metas.set(this.narrowedMetas.subarray(0, this.narrowedCount));
    this.narrowedMetas = metas;
  }

  private growOut(needed: number): void {
    const bigger = new Int32Array(Math.max(needed, this.out.length * 2));
    bigger.set(this.out);
    this.out = bigger;
  }
}
