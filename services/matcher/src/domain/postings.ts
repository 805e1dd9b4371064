import { GrowableF64, GrowableI32 } from './growable';

/**
 * An entry: upper price, lower price, slot, meta (flags and place; -1 once removed), floor area
 * from, to; entries of surrounding-area circles add the centre's latitude, longitude, cos(latitude)
 * and the haversine value of the radius, so the distance check reads nothing else.
 */
export const CODE_STRIDE = 6;
export const CIRCLE_STRIDE = 10;
const BANDS = 32;
const ID_BITS = 2 ** 21;

export type Overlay = { data: Float64Array; length: number };

/**
 * The entries of the index, grouped by key (bucket × price band) and sorted within a group by
 * descending upper price. A bulk load is packed into one flat array by a counting sort on seal;
 * entries added afterwards go into small sorted per-group arrays (the overlay) and removed ones
 * are marked in place. `churn` tells when a fresh bulk build would pay off.
 */
export class Postings {
  private sealed = false;
  private readonly buildGroups = new GrowableI32(1 << 16);
  private buildEntries: GrowableF64;
  private readonly groupIdOf = new Map<number, number>();
  private readonly groupKeys: number[] = [];

  // Read directly by the index's lookup loop.
  base = new Float64Array(0);
  rankStart = new Int32Array(1);
  rankBand = new Uint8Array(0);
  /** Bucket key → first rank × 64 + number of its groups in the packed array. */
  readonly buckets = new Map<number, number>();
  readonly overlay = new Map<number, Array<Overlay | undefined>>();

  size = 0;
  private overlayEntries = 0;

  constructor(readonly stride: number) {
    this.buildEntries = new GrowableF64(stride << 16);
  }
  private removed = 0;

  get sealedYet(): boolean {
    return this.sealed;
  }

  get churn(): number {
    return this.overlayEntries + this.removed;
  }

  add(key: number, to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, lat = 0, lon = 0, cosLat = 0, edge = 0): void {
    const STRIDE = this.stride;
    this.size++;
    if (!this.sealed) {
      let group = this.groupIdOf.get(key);
      if (group === undefined) {
        group = this.groupKeys.push(key) - 1;
        if (group >= ID_BITS) throw new Error('too many index groups for one bulk load');
        this.groupIdOf.set(key, group);
      }
      this.buildGroups.push(group);
      const e = this.buildEntries;
      e.reserve(STRIDE);
      const d = e.data;
      const i = e.length;
      d[i] = to; d[i + 1] = from; d[i + 2] = slot; d[i + 3] = meta; d[i + 4] = areaLo; d[i + 5] = areaHi;
      if (STRIDE > CODE_STRIDE) (d[i + 6] = lat), (d[i + 7] = lon), (d[i + 8] = cosLat), (d[i + 9] = edge);
      e.length += STRIDE;
      return;
    }
    this.overlayEntries++;
    const bucket = Math.floor(key / BANDS);
    const band = key % BANDS;
    let bands = this.overlay.get(bucket);
    if (!bands) this.overlay.set(bucket, (bands = []));
    const posting = (bands[band] ??= { data: new Float64Array(STRIDE * 4), length: 0 });
    if (posting.length + STRIDE > posting.data.length) {
      const bigger = new Float64Array(posting.data.length * 2);
      bigger.set(posting.data);
      posting.data = bigger;
    }
    const d = posting.data;
    let at = posting.length;
    while (at > 0 && d[at - STRIDE] < to) at -= STRIDE;
    d.copyWithin(at + STRIDE, at, posting.length);
    d[at] = to; d[at + 1] = from; d[at + 2] = slot; d[at + 3] = meta; d[at + 4] = areaLo; d[at + 5] = areaHi;
    if (STRIDE > CODE_STRIDE) (d[at + 6] = lat), (d[at + 7] = lon), (d[at + 8] = cosLat), (d[at + 9] = edge);
    posting.length += STRIDE;
  }

  /** Removes every entry of the slot under the key. */
  remove(key: number, slot: number): void {
    const STRIDE = this.stride;
    if (!this.sealed) this.seal();
    const bucket = Math.floor(key / BANDS);
    const band = key % BANDS;
    const packed = this.buckets.get(bucket);
    if (packed !== undefined) {
      const first = Math.floor(packed / 64);
      for (let r = first; r < first + (packed % 64); r++) {
        if (this.rankBand[r] !== band) continue;
        for (let i = this.rankStart[r]; i < this.rankStart[r + 1]; i += STRIDE) {
          if (this.base[i + 2] === slot && this.base[i + 3] >= 0) {
            this.base[i + 3] = -1;
            this.removed++;
            this.size--;
          }
        }
      }
    }
    const posting = this.overlay.get(bucket)?.[band];
    if (!posting) return;
    const d = posting.data;
    let w = 0;
    for (let i = 0; i < posting.length; i += STRIDE) {
      if (d[i + 2] === slot) continue;
      if (w !== i) d.copyWithin(w, i, i + STRIDE);
      w += STRIDE;
    }
    const dropped = (posting.length - w) / STRIDE;
    posting.length = w;
    this.overlayEntries -= dropped;
    this.size -= dropped;
  }

  /** Packs the bulk load: groups ordered by key, entries by a counting sort, each group by descending upper price. */
  seal(): void {
    if (this.sealed) return;
    const STRIDE = this.stride;
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
    const n = this.buildGroups.length;
    const groupOf = this.buildGroups.data;
    const start = new Int32Array(groups + 1);
    for (let e = 0; e < n; e++) start[rankOf[groupOf[e]] + 1] += STRIDE;
    for (let r = 0; r < groups; r++) start[r + 1] += start[r];
    const cursor = start.slice(0, groups);
    const from = this.buildEntries.data;
    const base = new Float64Array(n * STRIDE);
    for (let e = 0; e < n; e++) {
      const at = cursor[rankOf[groupOf[e]]];
      cursor[rankOf[groupOf[e]]] += STRIDE;
      for (let k = 0; k < STRIDE; k++) base[at + k] = from[e * STRIDE + k];
    }
    for (let r = 0; r < groups; r++) sortGroup(base, start[r], start[r + 1], STRIDE);
    this.base = base;
    this.rankStart = start;
    this.buildEntries = new GrowableF64(0);
    this.groupIdOf.clear();
    this.groupKeys.length = 0;
  }
}

/** Descending upper price, so a walk stops at the first entry below the offer's price. */
function sortGroup(d: Float64Array, start: number, end: number, STRIDE: number): void {
  const n = (end - start) / STRIDE;
  if (n < 2) return;
  if (n <= 24) {
    const tmp = new Float64Array(STRIDE);
    for (let i = start + STRIDE; i < end; i += STRIDE) {
      if (d[i - STRIDE] >= d[i]) continue;
      tmp.set(d.subarray(i, i + STRIDE));
      let j = i - STRIDE;
      while (j >= start && d[j] < tmp[0]) j -= STRIDE;
      d.copyWithin(j + 2 * STRIDE, j + STRIDE, i);
      d.set(tmp, j + STRIDE);
    }
    return;
  }
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => d[start + b * STRIDE] - d[start + a * STRIDE] || a - b);
  const copy = d.slice(start, end);
  for (let i = 0; i < n; i++) d.set(copy.subarray(order[i] * STRIDE, order[i] * STRIDE + STRIDE), start + i * STRIDE);
}
