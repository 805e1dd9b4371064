import * as rowLayout from './entry-rows';
import { EntryRows } from './entry-rows';
import * as flagBits from './entry-flags';
import { GrowableI32 } from './growable';
import * as priceCodes from './price-codes';

// Read once: transpiled modules expose their exports through getters.
const { REMOVED } = flagBits;
const { PRICES, SLOT } = rowLayout;
const { NO_LOWER, NO_UPPER } = priceCodes;

/**
 * A group row, 16 bytes in 4-byte units: 0 highest upper price, 1 lowest lower price (as codes,
 * see price-codes.ts; low half) and how many groups on its sub's last group ends (high half, at
 * most 0xffff: a walk that lands short steps again), 2 first entry, 3 end (negated for a group by
 * ascending lower price, the others being by descending upper price). The step lets one walk read
 * the subs of a base that lie side by side (both facets of a layout) as one run of groups: where
 * one sub's groups pass the price, the walk steps on to the next sub instead of stopping.
 */
export const GROUP_UNITS = 4;
/** Entries per group of watchdogs with both price bounds. */
const CHUNK = 16;
/** Bases (location × offer type × property type) one index can hold: the first level of its bucket table. */
const MAX_DENSE = 2 ** 25;

/**
 * The entries of the index under their bucket (location × offer type × property type × layout ×
 * facets), arranged so that a lookup reads little more than the entries whose price range holds the
 * offer's price. A bucket's entries form groups, each a contiguous run of rows:
 *
 * - watchdogs without a lower price bound, by descending upper bound: the walk stops at the first
 *   one below the price;
 * - watchdogs with only a lower bound, by ascending lower bound: the walk stops at the first one
 *   above the price;
 * - watchdogs with both bounds, in chunks of 16 by ascending lower bound, each chunk by descending
 *   upper bound: the lookup stops at the first chunk whose lowest lower bound is above the price,
 *   skips chunks whose highest upper bound is below it, and within a chunk stops at the first
 *   upper bound below it. Only the chunk straddling the price holds entries whose lower bound is
 *   too high: at most 16 read in vain (smaller chunks trade those for more groups to step over).
 *
 * A bulk load is staged in rows and packed on `seal` by stable counting passes (lower bound, bucket),
 * one gather, and a sort of each group's rows by upper bound: no per-entry objects, no comparator
 * sort over all entries. Group rows are adjacent per bucket, so a
 * lookup skips whole groups without touching their entries. Entries added after the seal go to
 * small unsorted per-bucket overlays; removed ones are flagged in place (found through a slot →
 * entries table). `churn` tells when a fresh bulk build would pay off.
 */
export class Postings {
  private sealed = false;
  private staging: EntryRows;
  /** Per staged entry: its bucket's base and sub. */
  private stagingBase: GrowableI32;
  private stagingSub: GrowableI32;
  /** The rows the last `add` wrote to. */
  lastRows: EntryRows;

  // Read directly by the index's lookup loop.
  base: EntryRows;
  /** `GROUP_UNITS` per group, in bucket order. */
  groupInts = new Int32Array(0);
  /**
   * Where a bucket's groups are, in two levels: a bucket is base × `subs` + sub (the index files
   * location × offer type × property type as the base, layout and facets as the sub). `blockOf`
   * (dense over bases) gives a base's block in `starts`, -1 for none; the groups of sub s are
   * `starts[block + s] … starts[block + s + 1] - 1`. One read finds the block, and the subs a
   * lookup wants lie next to each other in it.
   */
  blockOf: Int32Array = new Int32Array(0);
  starts: Int32Array = new Int32Array(0);
  readonly overlay = new Map<number, EntryRows>();
  overlayEntries = 0;

  /**
   * Base entries of each slot: positions `slotEntries[slotStart[s] .. slotStart[s + 1])`. Only a
   * removal reads it, so the first one builds it (a tenth of a second per million watchdogs that
   * the bulk build would spend before the index could answer).
   */
  private slotStart: Int32Array | null = null;
  private slotEntries: Int32Array = new Int32Array(0);
  /** Buckets holding overlay entries of a slot. */
  private readonly overlaySlots = new Map<number, number[]>();

  size = 0;
  private removed = 0;

  /** `expected`: entries the bulk load is likely to stage (sizes the staging once instead of doubling it). */
  constructor(readonly geo: boolean, readonly subs: number, expected = 0) {
    this.staging = new EntryRows(Math.max(1 << 12, expected), geo);
    this.stagingBase = new GrowableI32(Math.max(1 << 12, expected));
    this.stagingSub = new GrowableI32(Math.max(1 << 12, expected));
    this.base = new EntryRows(0, geo);
    this.lastRows = this.staging;
  }

  get churn(): number {
    return this.overlayEntries + this.removed;
  }

  /** Adds an entry (bounds already packed and rounded); returns its position in `lastRows`, for the circle data. */
  add(bucket: number, prices: number, slot: number, meta: number, area: number, second: number): number {
    this.size++;
    if (!this.sealed) {
      const base = Math.floor(bucket / this.subs);
      this.stagingBase.push(base);
      this.stagingSub.push(bucket - base * this.subs);
      this.lastRows = this.staging;
      return this.staging.push(prices, slot, meta, area, second);
    }
    this.overlayEntries++;
    let rows = this.overlay.get(bucket);
    if (!rows) this.overlay.set(bucket, (rows = new EntryRows(4, this.geo)));
    let buckets = this.overlaySlots.get(slot);
    if (!buckets) this.overlaySlots.set(slot, (buckets = []));
    if (!buckets.includes(bucket)) buckets.push(bucket);
    this.lastRows = rows;
    return rows.push(prices, slot, meta, area, second);
  }

  /** Whether the bulk load is packed (entries added since go to overlays). */
  get isSealed(): boolean {
    return this.sealed;
  }

  /** The bulk load's staged rows, in the order added (until `seal`). */
  get staged(): EntryRows {
    return this.staging;
  }

  /**
   * Before the bulk build: moves staged entries to another sub of their base. `subFor` gets an
   * entry's base, sub and position in `staged`, and returns its sub.
   */
  restage(subFor: (base: number, sub: number, entry: number) => number): void {
    if (this.sealed) return;
    const bases = this.stagingBase.data;
    const subs = this.stagingSub.data;
    for (let e = 0; e < this.staging.length; e++) subs[e] = subFor(bases[e], subs[e], e);
  }

  /** Drops every entry of the slot. */
  removeSlot(slot: number): void {
    this.seal();
    const slotStart = this.slotStart ?? this.indexSlots();
    if (slot + 1 < slotStart.length) {
      for (let k = slotStart[slot]; k < slotStart[slot + 1]; k++) {
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

  /** Slot → base entries, by counting. */
  private indexSlots(): Int32Array {
    const { ints, stride, length: n } = this.base;
    let maxSlot = -1;
    for (let u = SLOT, end = n * stride; u < end; u += stride) if (ints[u] > maxSlot) maxSlot = ints[u];
    const slotStart = new Int32Array(maxSlot + 2);
    for (let u = SLOT, end = n * stride; u < end; u += stride) slotStart[ints[u] + 1]++;
    for (let s = 0; s <= maxSlot; s++) slotStart[s + 1] += slotStart[s];
    const cursor = slotStart.slice(0, maxSlot + 1);
    const slotEntries = new Int32Array(n);
    for (let i = 0, u = SLOT; i < n; i++, u += stride) slotEntries[cursor[ints[u]]++] = i;
    this.slotEntries = slotEntries;
    this.slotStart = slotStart;
    return slotStart;
  }

  /** Packs the bulk load. */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const staging = this.staging;
    const n = staging.length;
    const subs = this.subs;
    const sorter = new RadixSorter(n);

    const bases = this.stagingBase.data;
    const sub = this.stagingSub.data;
    let topBase = -1;
    for (let e = 0; e < n; e++) if (bases[e] > topBase) topBase = bases[e];
    if (topBase >= MAX_DENSE) throw new Error(`too many index locations (${topBase} bases); shard the watchdogs`);

    // Stable counting passes, least significant first: lower bound, sub and kind, base. Chunks are cut along that order.
    const { ints: rowInts, stride } = staging;
    const lowerCode = sorter.keys;
    for (let e = 0; e < n; e++) lowerCode[e] = rowInts[e * stride + PRICES] & 0xffff;
    sorter.by(lowerCode, 0x10000);
    // Kind: no lower bound (0), only a lower bound (1), both (2).
    const subKind = sorter.keys;
    for (let e = 0; e < n; e++) {
      const prices = rowInts[e * stride + PRICES];
      subKind[e] = sub[e] * 3 + ((prices & 0xffff) === NO_LOWER ? 0 : prices >>> 16 === NO_UPPER ? 1 : 2);
    }
    sorter.by(subKind, subs * 3);
    sorter.by(bases, topBase + 1);
    const byBucket = sorter.order;
    // Cut chunks along that order, noting each chunk's bucket and kind (read in order below, instead of per entry).
    const chunkEnd = new Int32Array(n);
    const chunkBase = new Int32Array(n);
    const chunkSub = new Int32Array(n);
    const chunkKind = new Int32Array(n);
    let chunks = 0;
    for (let k = 0, inChunk = 0, lastBase = -1, lastSubKind = -1; k < n; k++) {
      const e = byBucket[k];
      const eBase = bases[e];
      const eSubKind = subKind[e];
      if (eBase !== lastBase || eSubKind !== lastSubKind || (inChunk === CHUNK && eSubKind % 3 === 2)) {
        if (chunks > 0) chunkEnd[chunks - 1] = k;
        chunkBase[chunks] = eBase;
        chunkSub[chunks] = sub[e];
        chunkKind[chunks] = eSubKind % 3;
        chunks++;
        inChunk = 0;
        lastBase = eBase;
        lastSubKind = eSubKind;
      }
      inChunk++;
    }
    if (chunks > 0) chunkEnd[chunks - 1] = n;
    // Rows in that order; then within a chunk by descending upper bound, ties as they are (by
    // ascending lower bound). Groups with only a lower bound (upper bound +∞ throughout) are in order already.
    const order = byBucket;
    const base = staging.gather(order);
    const chunkSorter = new ChunkSorter(base);
    for (let c = 0, start = 0; c < chunks; start = chunkEnd[c++]) if (chunkKind[c] !== 1) chunkSorter.byUpperBound(start, chunkEnd[c]);
    this.groupInts = new Int32Array(chunks * GROUP_UNITS);
    const ints = this.groupInts;
    const width = subs + 1;
    this.blockOf = new Int32Array(topBase + 1).fill(-1);
    let blocks = 0;
    for (let c = 0; c < chunks; c++) if (c === 0 || chunkBase[c] !== chunkBase[c - 1]) blocks++;
    this.starts = new Int32Array(blocks * width).fill(-1);
    const rows = base.ints;
    let block = -width;
    for (let c = 0, at = 0, k = 0; c < chunks; c++, at += GROUP_UNITS) {
      const end = chunkEnd[c];
      // Group row: highest upper bound (the first, by descending upper bound), lowest lower bound
      // (the step to the next sub comes below), first entry, end.
      ints[at] = rows[k * stride + PRICES] >>> 16;
      let lowest = rows[k * stride + PRICES] & 0xffff;
      for (let i = k + 1; i < end; i++) lowest = Math.min(lowest, rows[i * stride + PRICES] & 0xffff);
      ints[at + 1] = lowest;
      ints[at + 2] = k;
      ints[at + 3] = chunkKind[c] === 1 ? -end : end;
      if (c === 0 || chunkBase[c] !== chunkBase[c - 1]) {
        block += width;
        this.blockOf[chunkBase[c]] = block;
      }
      if (this.starts[block + chunkSub[c]] < 0) this.starts[block + chunkSub[c]] = c;
      k = end;
    }
    // Each group's step to the next sub (or base): the groups left in its sub.
    for (let c = chunks - 1, left = 0; c >= 0; c--) {
      const sameSub = c + 1 < chunks && chunkBase[c + 1] === chunkBase[c] && chunkSub[c + 1] === chunkSub[c];
      left = sameSub ? left + 1 : 1;
      ints[c * GROUP_UNITS + 1] |= Math.min(left, 0xffff) << 16;
    }
    // A sub without groups starts (and ends) where the next one starts; the last ends the block.
    for (let at = 0; at < this.starts.length; at += width) {
      let next = at + width < this.starts.length ? firstOf(this.starts, at + width, width) : chunks;
      this.starts[at + subs] = next;
      for (let s = subs - 1; s >= 0; s--) {
        if (this.starts[at + s] < 0) this.starts[at + s] = next;
        else next = this.starts[at + s];
      }
    }
    this.base = base;


    this.staging = new EntryRows(0, this.geo);
    this.stagingBase = new GrowableI32(1);
    this.stagingSub = new GrowableI32(1);
    this.lastRows = this.staging;
  }
}

/** The first group of a block (its lowest sub that has groups). */
function firstOf(starts: Int32Array, at: number, width: number): number {
  for (let sub = 0; sub < width - 1; sub++) if (starts[at + sub] >= 0) return starts[at + sub];
  throw new Error('an index block without groups');
}

/**
 * Stable sorting of a run of rows by descending upper bound, in place: insertion for chunks (16
 * rows), a native sort of packed keys (the bound's order, then the position) for the long groups
 * of watchdogs without a lower bound. After the gather the rows are in bucket order, so this
 * reads them front to back: cheaper than radix passes over every entry before it.
 */
class ChunkSorter {
  private keys = new Float64Array(64);
  private positions = new Int32Array(64);
  private spare = new Int32Array(64 * 8);

  constructor(private readonly rows: EntryRows) {}

  byUpperBound(start: number, end: number): void {
    const { ints, stride } = this.rows;
    const count = end - start;
    if (count <= 1) return;
    if (this.keys.length < count) {
      this.keys = new Float64Array(count * 2);
      this.positions = new Int32Array(count * 2);
      this.spare = new Int32Array(count * 2 * stride);
    }
    const { keys, positions } = this;
    let sorted = true;
    for (let i = 0; i < count; i++) {
      keys[i] = NO_UPPER - (ints[(start + i) * stride + PRICES] >>> 16);
      positions[i] = i;
      if (i > 0 && keys[i] < keys[i - 1]) sorted = false;
    }
    if (sorted) return;
    if (count <= 32) {
      for (let i = 1; i < count; i++) {
        const key = keys[i];
        let j = i - 1;
        while (j >= 0 && keys[j] > key) {
          keys[j + 1] = keys[j];
          positions[j + 1] = positions[j];
          j--;
        }
        keys[j + 1] = key;
        positions[j + 1] = i;
      }
    } else if (count < 2 ** 21) {
      // key · 2²¹ + position stays below 2⁵³: exact in a double for groups under 2²¹ rows.
      const packed = keys.subarray(0, count);
      for (let i = 0; i < count; i++) packed[i] = packed[i] * 2 ** 21 + i;
      packed.sort();
      for (let i = 0; i < count; i++) positions[i] = packed[i] % 2 ** 21;
    } else {
      const byKey = Array.from(positions.subarray(0, count)).sort((a, b) => keys[a] - keys[b] || a - b);
      positions.set(byKey);
    }
    const spare = this.spare;
    spare.set(ints.subarray(start * stride, end * stride));
    for (let i = 0; i < count; i++) {
      const from = positions[i] * stride;
      const to = (start + i) * stride;
      for (let w = 0; w < stride; w++) ints[to + w] = spare[from + w];
    }
  }
}

const identity = (n: number) => {
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
};

/**
 * Stable least-significant-first sorting of the items 0 … n-1 by successive keys: each pass is a
 * counting sort of the current `order` by one small integer key, so a bulk build sorts in linear
 * time without comparisons.
 */
class RadixSorter {
  order: Int32Array;
  private spare: Int32Array;
  /** An array of n for the caller's keys, one pass after another (fresh memory is dear: a hundred MB a build). */
  readonly keys: Int32Array;

  constructor(private readonly n: number) {
    this.order = identity(n);
    this.spare = new Int32Array(n);
    this.keys = new Int32Array(n);
  }

  /** Stable pass by `keyOf[item]`, whose values lie in 0 … keys-1. */
  by(keyOf: Int32Array, keys: number): void {
    const { n, order, spare } = this;
    const cursor = new Int32Array(keys + 1);
    for (let i = 0; i < n; i++) cursor[keyOf[i] + 1]++;
    for (let k = 0; k < keys; k++) cursor[k + 1] += cursor[k];
    for (let k = 0; k < n; k++) {
      const item = order[k];
      spare[cursor[keyOf[item]]++] = item;
    }
    this.spare = order;
    this.order = spare;
  }
}
