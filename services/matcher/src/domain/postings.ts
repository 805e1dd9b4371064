import { Columns } from './columns';
import { GrowableI32 } from './growable';

const BANDS = 32;
const ID_BITS = 2 ** 21;

/**
 * The entries of the index, grouped by key (bucket × price band) and sorted within a group by
 * descending upper price. A bulk load is packed into one set of columns by a counting sort on
 * seal; entries added afterwards go into small sorted per-group columns (the overlay) and removed
 * ones are marked in place. `churn` tells when a fresh bulk build would pay off.
 */
export class Postings {
  private sealed = false;
  private build: Columns;
  private readonly buildGroups = new GrowableI32(1 << 16);
  private readonly groupIdOf = new Map<number, number>();
  private readonly groupKeys: number[] = [];

  // Read directly by the index's lookup loop.
  base: Columns;
  rankStart = new Int32Array(1);
  rankBand = new Uint8Array(0);
  /** Bucket key → first rank × 64 + number of its groups in the packed columns. */
  readonly buckets = new Map<number, number>();
  readonly overlay = new Map<number, Array<Columns | undefined>>();

  size = 0;
  private overlayEntries = 0;
  private removed = 0;

  constructor(readonly geo: boolean) {
    this.build = new Columns(1 << 16, geo);
    this.base = new Columns(0, geo);
  }

  get churn(): number {
    return this.overlayEntries + this.removed;
  }

  add(key: number, to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, lat = 0, lon = 0, cosLat = 0, edge = 0): void {
    this.size++;
    if (!this.sealed) {
      let group = this.groupIdOf.get(key);
      if (group === undefined) {
        group = this.groupKeys.push(key) - 1;
        if (group >= ID_BITS) throw new Error('too many index groups for one bulk load');
        this.groupIdOf.set(key, group);
      }
      this.buildGroups.push(group);
      this.build.push(to, from, slot, meta, areaLo, areaHi, lat, lon, cosLat, edge);
      return;
    }
    this.overlayEntries++;
    const bucket = Math.floor(key / BANDS);
    let bands = this.overlay.get(bucket);
    if (!bands) this.overlay.set(bucket, (bands = []));
    (bands[key % BANDS] ??= new Columns(4, this.geo)).insertSorted(to, from, slot, meta, areaLo, areaHi, lat, lon, cosLat, edge);
  }

  /** Removes every entry of the slot under the key. */
  remove(key: number, slot: number): void {
    this.seal();
    const bucket = Math.floor(key / BANDS);
    const band = key % BANDS;
    const packed = this.buckets.get(bucket);
    if (packed !== undefined) {
      const first = Math.floor(packed / 64);
      for (let r = first; r < first + (packed % 64); r++) {
        if (this.rankBand[r] !== band) continue;
        for (let i = this.rankStart[r]; i < this.rankStart[r + 1]; i++) {
          if (this.base.slot[i] === slot && this.base.meta[i] >= 0) {
            this.base.meta[i] = -1;
            this.removed++;
            this.size--;
          }
        }
      }
    }
    const posting = this.overlay.get(bucket)?.[band];
    if (!posting) return;
    const dropped = posting.removeSlot(slot);
    this.overlayEntries -= dropped;
    this.size -= dropped;
  }

  /** Packs the bulk load: groups ordered by key, entries by a counting sort, each group by descending upper price. */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const groups = this.groupKeys.length;
    const order = new Float64Array(groups);
    for (let g = 0; g < groups; g++) order[g] = this.groupKeys[g] * ID_BITS + g;
    order.sort();
    const rankOf = new Int32Array(groups);
    this.rankBand = new Uint8Array(groups);
    for (let r = 0; r < groups; r++) {
      const g = order[r] % ID_BITS;
      const key = this.groupKeys[g];
      rankOf[g] = r;
      this.rankBand[r] = key % BANDS;
      const bucket = Math.floor(key / BANDS);
      const packed = this.buckets.get(bucket);
      this.buckets.set(bucket, packed === undefined ? r * 64 + 1 : packed + 1);
    }
    const n = this.build.length;
    const groupOf = this.buildGroups.data;
    const start = new Int32Array(groups + 1);
    for (let e = 0; e < n; e++) start[rankOf[groupOf[e]] + 1]++;
    for (let r = 0; r < groups; r++) start[r + 1] += start[r];
    const cursor = start.slice(0, groups);
    const base = new Columns(n, this.geo);
    base.length = n;
    for (let e = 0; e < n; e++) base.copyFrom(this.build, e, cursor[rankOf[groupOf[e]]]++);
    for (let r = 0; r < groups; r++) base.sortRange(start[r], start[r + 1]);
    this.base = base;
    this.rankStart = start;
    this.build = new Columns(0, this.geo);
    this.groupIdOf.clear();
    this.groupKeys.length = 0;
  }
}
