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
 * A bulk load is staged in rows (and one int per row, its bucket) and packed on `seal` by one
 * stable counting pass by base that copies each row to its place, then a sort of each base's
 * rows in cache (a few dozen on average): no per-entry objects, no sort over all entries. Group
 * rows are adjacent per bucket, so a lookup skips whole groups without touching their entries. Entries added after the seal go to
 * small unsorted per-bucket overlays; removed ones are flagged in place (found through a slot →
 * entries table). `churn` tells when a fresh bulk build would pay off.
 */
export class Postings {
  private sealed = false;
  private staging: EntryRows;
  /** Per staged entry: its bucket (base × subs + sub). */
  private stagingBucket: GrowableI32;
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
    // The seal keeps each row's sub in a byte.
    if (subs > 256) throw new Error(`at most 256 subs per base (${subs})`);
    this.staging = new EntryRows(Math.max(1 << 12, expected), geo);
    this.stagingBucket = new GrowableI32(Math.max(1 << 12, expected));
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
      if (bucket >= MAX_DENSE * this.subs) throw new Error(`too many index locations (bucket ${bucket}); shard the watchdogs`);
      this.stagingBucket.push(bucket);
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
    const buckets = this.stagingBucket.data;
    const subs = this.subs;
    for (let e = 0; e < this.staging.length; e++) {
      const base = (buckets[e] / subs) | 0;
      buckets[e] = base * subs + subFor(base, buckets[e] - base * subs, e);
    }
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

  /**
   * Packs the bulk load. One counting pass sorts the staged rows by block (base), copying each
   * row straight to its place; each block — a few dozen rows on average, some thousands — is
   * then sorted in cache by sub, kind and lower (for rows without a lower bound: descending
   * upper) bound, cut into groups, and each chunk sorted by descending upper bound. Ties keep the
   * order added. Random reads and writes over all rows happen once, not in every radix pass.
   */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const staging = this.staging;
    const n = staging.length;
    const subs = this.subs;
    const width = subs + 1;
    const buckets = this.stagingBucket.data;
    const { ints: staged, stride } = staging;

    // Blocks: the bases in use, numbered in ascending order.
    let topBase = -1;
    for (let e = 0; e < n; e++) {
      const base = (buckets[e] / subs) | 0;
      if (base > topBase) topBase = base;
    }
    const blockOf = new Int32Array(topBase + 1).fill(-1);
    for (let e = 0; e < n; e++) blockOf[(buckets[e] / subs) | 0] = 0;
    let blocks = 0;
    for (let b = 0; b <= topBase; b++) if (blockOf[b] === 0) blockOf[b] = blocks++;
    // One stable counting pass by block: each row goes to its place once, with its sub beside it.
    const blockStart = new Int32Array(blocks + 1);
    for (let e = 0; e < n; e++) blockStart[blockOf[(buckets[e] / subs) | 0] + 1]++;
    for (let b = 0; b < blocks; b++) blockStart[b + 1] += blockStart[b];
    const cursor = blockStart.slice(0, blocks);
    const base = new EntryRows(n, this.geo);
    base.length = n;
    const rows = base.ints;
    const subOf = new Uint8Array(n);
    const extra = stride - 5;
    for (let e = 0, from = 0; e < n; e++, from += stride) {
      const bucket = buckets[e];
      const b = (bucket / subs) | 0;
      const k = cursor[blockOf[b]]++;
      subOf[k] = bucket - b * subs;
      const to = k * stride;
      rows[to] = staged[from];
      rows[to + 1] = staged[from + 1];
      rows[to + 2] = staged[from + 2];
      rows[to + 3] = staged[from + 3];
      rows[to + 4] = staged[from + 4];
      for (let j = 0; j < extra; j++) rows[to + 5 + j] = staged[from + 5 + j];
    }

    // Per block: sort, cut groups, write group rows and the block's sub starts.
    const sorter = new BlockSorter(base);
    const chunkSorter = new ChunkSorter(base);
    let groups = new Int32Array(GROUP_UNITS * Math.max(16, Math.ceil(n / 4)));
    const starts = new Int32Array(blocks * width).fill(-1);
    let chunks = 0;
    for (let blk = 0; blk < blocks; blk++) {
      const first = blockStart[blk];
      const end = blockStart[blk + 1];
      const keys = sorter.sort(first, end, subOf);
      const at = blk * width;
      let runStart = chunks;
      let lastSub = -1;
      for (let i = first; i < end; ) {
        const subKind = Math.floor(keys[i - first] / SUB_KIND_UNIT);
        const sub = (subKind / 3) | 0;
        const kind = subKind - sub * 3;
        // The chunk: a whole group without a lower bound or with only one, else up to CHUNK rows.
        let stop = i + 1;
        while (stop < end && Math.floor(keys[stop - first] / SUB_KIND_UNIT) === subKind && (kind !== 2 || stop - i < CHUNK)) stop++;
        if (kind === 2) chunkSorter.byUpperBound(i, stop);
        if (sub !== lastSub) {
          stepsToSubEnd(groups, runStart, chunks);
          runStart = chunks;
          lastSub = sub;
          starts[at + sub] = chunks;
        }
        if ((chunks + 1) * GROUP_UNITS > groups.length) {
          const bigger = new Int32Array(groups.length * 2);
          bigger.set(groups);
          groups = bigger;
        }
        // Group row: highest upper bound (the first, by descending upper bound), lowest lower
        // bound (the step to the next sub comes below), first entry, end.
        const g = chunks * GROUP_UNITS;
        groups[g] = rows[i * stride + PRICES] >>> 16;
        let lowest = rows[i * stride + PRICES] & 0xffff;
        for (let r = i + 1; r < stop; r++) lowest = Math.min(lowest, rows[r * stride + PRICES] & 0xffff);
        groups[g + 1] = lowest;
        groups[g + 2] = i;
        groups[g + 3] = kind === 1 ? -stop : stop;
        chunks++;
        i = stop;
      }
      stepsToSubEnd(groups, runStart, chunks);
    }
    this.groupInts = groups.slice(0, chunks * GROUP_UNITS);
    // A sub without groups starts (and ends) where the next one starts; the last ends the block.
    for (let at = 0; at < starts.length; at += width) {
      let next = at + width < starts.length ? firstOf(starts, at + width, width) : chunks;
      starts[at + subs] = next;
      for (let s = subs - 1; s >= 0; s--) {
        if (starts[at + s] < 0) starts[at + s] = next;
        else next = starts[at + s];
      }
    }
    for (let b = 0; b <= topBase; b++) if (blockOf[b] >= 0) blockOf[b] *= width;
    this.blockOf = blockOf;
    this.starts = starts;
    this.base = base;

    this.staging = new EntryRows(0, this.geo);
    this.stagingBucket = new GrowableI32(1);
    this.lastRows = this.staging;
  }
}

/** Each group of a sub's run (groups `from` … `to` - 1) learns how many groups are left in its sub, itself included. */
function stepsToSubEnd(groups: Int32Array, from: number, to: number): void {
  for (let c = from; c < to; c++) groups[c * GROUP_UNITS + 1] |= Math.min(to - c, 0xffff) << 16;
}

/** The first group of a block (its lowest sub that has groups). */
function firstOf(starts: Int32Array, at: number, width: number): number {
  for (let sub = 0; sub < width - 1; sub++) if (starts[at + sub] >= 0) return starts[at + sub];
  throw new Error('an index block without groups');
}

/**
 * Scratch for reordering a run of rows in place: sort keys, the order found, and a copy of the
 * run to read from. Grown on demand and reused for every run the seal sorts.
 */
abstract class RowReorder {
  protected keys: Float64Array;
  protected positions: Int32Array;
  private spare: Int32Array;

  constructor(protected readonly rows: EntryRows, initial: number) {
    this.keys = new Float64Array(initial);
    this.positions = new Int32Array(initial);
    this.spare = new Int32Array(initial * 8);
  }

  /** Room for a run of `count` rows. */
  protected reserve(count: number): void {
    if (this.keys.length >= count) return;
    this.keys = new Float64Array(count * 2);
    this.positions = new Int32Array(count * 2);
    this.spare = new Int32Array(count * 2 * this.rows.stride);
  }

  /** Moves the run's rows so that row `first + i` is the one that was at `first + positions[i]`. */
  protected applyOrder(first: number, count: number): void {
    const { ints, stride } = this.rows;
    const { spare, positions } = this;
    spare.set(ints.subarray(first * stride, (first + count) * stride));
    for (let i = 0; i < count; i++) {
      const from = positions[i] * stride;
      const to = (first + i) * stride;
      for (let w = 0; w < stride; w++) ints[to + w] = spare[from + w];
    }
  }
}

/**
 * Stable sorting of a run of rows by descending upper bound, in place: insertion for chunks (16
 * rows), a native sort of packed keys (the bound's order, then the position) for the long groups
 * of watchdogs without a lower bound. The seal sorts its chunks with it after the block sort,
 * reading the rows front to back.
 */
class ChunkSorter extends RowReorder {
  constructor(rows: EntryRows) {
    super(rows, 64);
  }

  byUpperBound(start: number, end: number): void {
    const { ints, stride } = this.rows;
    const count = end - start;
    if (count <= 1) return;
    this.reserve(count);
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
    this.applyOrder(start, count);
  }
}

/** A block's sort key: ((sub · 3 + kind) · 2¹⁶ + price key) · 2²¹ + position; exact in a double (45 bits). */
const POSITION_UNIT = 2 ** 21;
const SUB_KIND_UNIT = 2 ** 16 * POSITION_UNIT;

/**
 * Sorts one block of rows in place by sub, kind (no lower bound, only a lower bound, both) and
 * price key — descending upper bound for rows without a lower bound, else ascending lower bound —
 * ties by position (the order added). Returns the sorted keys (`keys[i]` for row `first + i`).
 */
class BlockSorter extends RowReorder {
  constructor(rows: EntryRows) {
    super(rows, 256);
  }

  sort(first: number, end: number, subOf: Uint8Array): Float64Array {
    const { ints, stride } = this.rows;
    const count = end - first;
    this.reserve(count);
    const { keys, positions } = this;
    let sorted = true;
    for (let i = 0; i < count; i++) {
      const prices = ints[(first + i) * stride + PRICES];
      const lower = prices & 0xffff;
      const kind = lower === NO_LOWER ? 0 : prices >>> 16 === NO_UPPER ? 1 : 2;
      const key = kind === 0 ? NO_UPPER - (prices >>> 16) : lower;
      keys[i] = (subOf[first + i] * 3 + kind) * 0x10000 + key;
      if (i > 0 && keys[i] < keys[i - 1]) sorted = false;
    }
    if (sorted) {
      for (let i = 0; i < count; i++) keys[i] *= POSITION_UNIT;
      return keys;
    }
    if (count < POSITION_UNIT) {
      // Key and position packed in one double, so a native sort of numbers is stable.
      for (let i = 0; i < count; i++) keys[i] = keys[i] * POSITION_UNIT + i;
      if (count <= 32) {
        for (let i = 1; i < count; i++) {
          const key = keys[i];
          let j = i - 1;
          while (j >= 0 && keys[j] > key) {
            keys[j + 1] = keys[j];
            j--;
          }
          keys[j + 1] = key;
        }
      } else {
        keys.subarray(0, count).sort();
      }
      for (let i = 0; i < count; i++) positions[i] = keys[i] % POSITION_UNIT;
    } else {
      const byKey = Array.from({ length: count }, (_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b);
      const plain = keys.slice(0, count);
      for (let i = 0; i < count; i++) {
        positions[i] = byKey[i];
        keys[i] = plain[byKey[i]] * POSITION_UNIT;
      }
    }
    this.applyOrder(first, count);
    return keys;
  }
}
