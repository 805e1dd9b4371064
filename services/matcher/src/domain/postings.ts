import { EntryRows } from './entry-rows';
import * as flagBits from './entry-flags';
import { GrowableI32 } from './growable';

// Read once: transpiled modules expose their exports through getters.
const { REMOVED } = flagBits;

/** Words per group row: highest upper price, first entry, end, lowest and highest lower price, order. */
export const GROUP_WORDS = 6;
/** Group orders: by descending upper price (the walk stops below the offer's price), or by ascending lower price. */
export const BY_TO = 0;
export const BY_FROM = 1;
/** Entries per group of watchdogs with both price bounds. */
const CHUNK = 32;
const GROUPS_PER_BUCKET = 2 ** 20;
const MAX_DENSE = 2 ** 26;

/**
 * The entries of the index under their bucket (location × offer type × property type × layout),
 * arranged so that a lookup reads little more than the entries whose price range holds the
 * offer's price. A bucket's entries form groups, each a contiguous run of rows:
 *
 * - watchdogs without a lower price bound, by descending upper bound: the walk stops at the first
 *   one below the price;
 * - watchdogs with only a lower bound, by ascending lower bound: the walk stops at the first one
 *   above the price;
 * - watchdogs with both bounds, in chunks of 32 by ascending lower bound, each chunk by descending
 *   upper bound: the lookup stops at the first chunk whose lowest lower bound is above the price,
 *   skips chunks whose highest upper bound is below it, and within a chunk stops at the first
 *   upper bound below it. Only the chunk straddling the price holds entries whose lower bound is
 *   too high: at most 32 read in vain.
 *
 * A bulk load is staged in rows and packed on `seal` by stable counting sorts and one gather: no
 * per-entry objects, no comparator sort. Group rows (`groups`) are adjacent per bucket, so a
 * lookup skips whole groups without touching their entries. Entries added after the seal go to
 * small unsorted per-bucket overlays; removed ones are flagged in place (found through a slot →
 * entries table). `churn` tells when a fresh bulk build would pay off.
 */
export class Postings {
  private sealed = false;
  private staging: EntryRows;
  private stagingBucket = new GrowableI32(1 << 16);
  private readonly bucketIdOf = new Map<number, number>();
  private bucketKeys: number[] = [];
  private lastExtrasSlot = -1;
  private lastExtrasRecord = -1;
  /** The rows the last `add` wrote to. */
  lastRows: EntryRows;

  // Read directly by the index's lookup loop.
  base: EntryRows;
  /** `GROUP_WORDS` per group, in bucket order. */
  groups = new Float64Array(0);
  /**
   * The groups of bucket b are `bucketStart[b] … bucketStart[b + 1] - 1`: a dense table over the
   * bucket numbers (a few million; one read per lookup instead of a hash probe). Beyond
   * `MAX_DENSE` buckets, `buckets` maps a bucket to first group × 2²⁰ + number of its groups.
   */
  bucketStart: Int32Array | null = null;
  readonly buckets = new Map<number, number>();
  readonly overlay = new Map<number, EntryRows>();
  overlayEntries = 0;

  /** Base entries of each slot: positions `slotEntries[slotStart[s] .. slotStart[s + 1])`. */
  private slotStart = new Int32Array(1);
  private slotEntries: Int32Array = new Int32Array(0);
  /** Buckets holding overlay entries of a slot. */
  private readonly overlaySlots = new Map<number, number[]>();

  size = 0;
  private removed = 0;

  constructor(readonly geo: boolean) {
    this.staging = new EntryRows(1 << 12, geo);
    this.base = new EntryRows(0, geo);
    this.lastRows = this.staging;
  }

  get churn(): number {
    return this.overlayEntries + this.removed;
  }

  /**
   * Adds an entry (bounds already rounded to 32 bits). `extras` (or null) is stored once per slot
   * in the bulk load and per entry in the overlay. Returns the entry's position in `lastRows`,
   * for the circle data.
   */
  add(bucket: number, to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, landLo: number, landHi: number, extras: Float64Array | null): number {
    this.size++;
    if (!this.sealed) {
      let id = this.bucketIdOf.get(bucket);
      if (id === undefined) {
        id = this.bucketKeys.push(bucket) - 1;
        this.bucketIdOf.set(bucket, id);
      }
      let aux = -1;
      if (extras) {
        if (this.lastExtrasSlot !== slot) {
          this.lastExtrasRecord = this.staging.pushExtras(extras);
          this.lastExtrasSlot = slot;
        }
        aux = this.lastExtrasRecord;
      }
      this.stagingBucket.push(id);
      this.lastRows = this.staging;
      return this.staging.push(to, from, slot, meta, areaLo, areaHi, landLo, landHi, aux);
    }
    this.overlayEntries++;
    let rows = this.overlay.get(bucket);
    if (!rows) this.overlay.set(bucket, (rows = new EntryRows(4, this.geo)));
    const aux = extras ? rows.pushExtras(extras) : -1;
    let buckets = this.overlaySlots.get(slot);
    if (!buckets) this.overlaySlots.set(slot, (buckets = []));
    if (!buckets.includes(bucket)) buckets.push(bucket);
    this.lastRows = rows;
    return rows.push(to, from, slot, meta, areaLo, areaHi, landLo, landHi, aux);
  }

  /** Drops every entry of the slot. */
  removeSlot(slot: number): void {
    this.seal();
    if (slot + 1 < this.slotStart.length) {
      for (let k = this.slotStart[slot]; k < this.slotStart[slot + 1]; k++) {
        const i = this.slotEntries[k];
        const meta = this.base.meta(i);
        if ((meta & REMOVED) !== 0) continue;
        this.base.setMeta(i, meta | REMOVED);
        this.removed++;
        this.size--;
      }
    }
    const buckets = this.overlaySlots.get(slot);
    if (!buckets) return;
    this.overlaySlots.delete(slot);
    for (const bucket of buckets) {
      const columns = this.overlay.get(bucket)!;
      for (let i = columns.length - 1; i >= 0; i--) {
        if (columns.slot(i) !== slot) continue;
        columns.swapRemove(i);
        this.overlayEntries--;
        this.size--;
      }
      if (columns.length === 0) this.overlay.delete(bucket);
    }
  }

  /** Packs the bulk load; `slots` is one more than the highest slot. */
  seal(slots = 0): void {
    if (this.sealed) return;
    this.sealed = true;
    const staging = this.staging;
    const n = staging.length;
    const upper = new Float64Array(n);
    const lower = new Float64Array(n);
    for (let e = 0; e < n; e++) {
      upper[e] = staging.to(e);
      lower[e] = staging.from(e);
    }

    // Bucket rank × 3 + kind: no lower bound (0), only a lower bound (1), both (2).
    const keys = Float64Array.from(this.bucketKeys).sort();
    const bucketRank = new Int32Array(keys.length);
    for (let b = 0; b < keys.length; b++) bucketRank[b] = lowerBound(keys, this.bucketKeys[b]);
    const kindKey = new Int32Array(n);
    const stagingBucket = this.stagingBucket.data;
    for (let e = 0; e < n; e++) {
      const kind = lower[e] === -Infinity ? 0 : upper[e] === Infinity ? 1 : 2;
      kindKey[e] = bucketRank[stagingBucket[e]] * 3 + kind;
    }

    // Stable counting sorts: by lower bound, then by bucket and kind; chunks are cut along that order.
    const fromRank = rankAscending(lower);
    const byFrom = countingSort(n, fromRank.ranks, fromRank.count, null);
    const byKind = countingSort(n, kindKey, keys.length * 3, byFrom);
    const chunkOf = new Int32Array(n);
    let chunks = 0;
    for (let k = 0, inChunk = 0; k < n; k++) {
      const e = byKind[k];
      const key = kindKey[e];
      if (k === 0 || key !== kindKey[byKind[k - 1]] || (key % 3 === 2 && inChunk === CHUNK)) {
        chunks++;
        inChunk = 0;
      }
      chunkOf[e] = chunks - 1;
      inChunk++;
    }
    // Within a chunk: descending upper bound, ties by ascending lower bound (so the groups with
    // only a lower bound, all of upper bound +∞, stay by ascending lower bound).
    for (let e = 0; e < n; e++) upper[e] = -upper[e];
    const toRank = rankAscending(upper);
    const byTo = countingSort(n, toRank.ranks, toRank.count, byFrom);
    const order = countingSort(n, chunkOf, chunks, byTo);

    const base = staging.gather(order);
    this.groups = new Float64Array(chunks * GROUP_WORDS);
    const topKey = keys.length > 0 ? keys[keys.length - 1] : -1;
    const dense = topKey < MAX_DENSE && (keys.length === 0 || keys[0] >= 0) && keys.every(Number.isInteger);
    if (dense) this.bucketStart = new Int32Array(topKey + 2);
    for (let k = 0, g = -1; k < n; k++) {
      const e = order[k];
      const at = chunkOf[e] * GROUP_WORDS;
      if (chunkOf[e] !== g) {
        g = chunkOf[e];
        this.groups[at] = -upper[e];
        this.groups[at + 1] = k;
        this.groups[at + 3] = lower[e];
        this.groups[at + 4] = lower[e];
        this.groups[at + 5] = kindKey[e] % 3 === 1 ? BY_FROM : BY_TO;
        const bucket = keys[Math.floor(kindKey[e] / 3)];
        if (dense) {
          this.bucketStart![bucket + 1] = g + 1;
        } else {
          const packed = this.buckets.get(bucket);
          this.buckets.set(bucket, packed === undefined ? g * GROUPS_PER_BUCKET + 1 : packed + 1);
        }
      }
      this.groups[at + 2] = k + 1;
      if (lower[e] < this.groups[at + 3]) this.groups[at + 3] = lower[e];
      if (lower[e] > this.groups[at + 4]) this.groups[at + 4] = lower[e];
    }
    if (dense) {
      // Each bucket's end was written; empty buckets start (and end) where the previous one ended.
      const start = this.bucketStart!;
      for (let b = 1; b < start.length; b++) if (start[b] < start[b - 1]) start[b] = start[b - 1];
    }
    this.base = base;

    const slotOf = new Int32Array(n);
    let maxSlot = slots - 1;
    for (let i = 0; i < n; i++) {
      slotOf[i] = base.slot(i);
      if (slotOf[i] > maxSlot) maxSlot = slotOf[i];
    }
    const bySlot = countingSort(n, slotOf, maxSlot + 1, null);
    this.slotStart = new Int32Array(maxSlot + 2);
    for (let i = 0; i < n; i++) this.slotStart[slotOf[i] + 1]++;
    for (let s = 0; s <= maxSlot; s++) this.slotStart[s + 1] += this.slotStart[s];
    this.slotEntries = bySlot;

    this.staging = new EntryRows(0, this.geo);
    this.stagingBucket = new GrowableI32(1);
    this.lastRows = this.staging;
    this.bucketIdOf.clear();
    this.bucketKeys = [];
  }
}

/** First index whose value is ≥ `value` in an ascending array. */
function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Dense ranks of the values, 0 for the smallest. */
function rankAscending(values: Float64Array): { ranks: Int32Array; count: number } {
  const n = values.length;
  const sorted = values.slice().sort();
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i];
  const unique = sorted.subarray(0, distinct);
  const ranks = new Int32Array(n);
  for (let i = 0; i < n; i++) ranks[i] = lowerBound(unique, values[i]);
  return { ranks, count: distinct };
}

/**
 * The items `0 … n-1` (taken in the order of `within`, or ascending) stably sorted by `keyOf`,
 * whose values lie in `0 … keys-1`.
 */
function countingSort(n: number, keyOf: Int32Array, keys: number, within: Int32Array | null): Int32Array {
  const cursor = new Int32Array(keys + 1);
  for (let i = 0; i < n; i++) cursor[keyOf[i] + 1]++;
  for (let k = 0; k < keys; k++) cursor[k + 1] += cursor[k];
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const item = within ? within[k] : k;
    out[cursor[keyOf[item]]++] = item;
  }
  return out;
}
