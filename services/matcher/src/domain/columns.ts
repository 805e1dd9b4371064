/**
 * Index entries column by column, so a walk over upper prices and flags reads dense memory.
 * Per entry: upper and lower price bound, slot, meta (flags and place; -1 once removed), floor
 * area range; entries of surrounding-area circles also carry the centre (latitude, longitude,
 * cos latitude) and the haversine value of the radius, so the distance check reads nothing else.
 */
export class Columns {
  length = 0;
  to: Float64Array;
  from: Float64Array;
  slot: Int32Array;
  meta: Int32Array;
  areaLo: Float64Array;
  areaHi: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  cosLat: Float64Array;
  edge: Float64Array;

  constructor(capacity: number, readonly geo: boolean) {
    this.to = new Float64Array(capacity);
    this.from = new Float64Array(capacity);
    this.slot = new Int32Array(capacity);
    this.meta = new Int32Array(capacity);
    this.areaLo = new Float64Array(capacity);
    this.areaHi = new Float64Array(capacity);
    const g = geo ? capacity : 0;
    this.lat = new Float64Array(g);
    this.lon = new Float64Array(g);
    this.cosLat = new Float64Array(g);
    this.edge = new Float64Array(g);
  }

  get capacity(): number {
    return this.to.length;
  }

  push(to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, lat: number, lon: number, cosLat: number, edge: number): void {
    if (this.length === this.capacity) this.grow();
    this.write(this.length++, to, from, slot, meta, areaLo, areaHi, lat, lon, cosLat, edge);
  }

  /** Keeps the descending order of upper prices (for the small per-group arrays added after a bulk load). */
  insertSorted(to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, lat: number, lon: number, cosLat: number, edge: number): void {
    if (this.length === this.capacity) this.grow();
    let at = this.length;
    while (at > 0 && this.to[at - 1] < to) at--;
    for (const column of this.all()) column.copyWithin(at + 1, at, this.length);
    this.length++;
    this.write(at, to, from, slot, meta, areaLo, areaHi, lat, lon, cosLat, edge);
  }

  /** Drops every entry of the slot; returns how many. */
  removeSlot(slot: number): number {
    let w = 0;
    for (let i = 0; i < this.length; i++) {
      if (this.slot[i] === slot) continue;
      if (w !== i) for (const column of this.all()) column[w] = column[i];
      w++;
    }
    const dropped = this.length - w;
    this.length = w;
    return dropped;
  }

  /** Copies entry `i` of `source` to `at`. */
  copyFrom(source: Columns, i: number, at: number): void {
    const a = this.all();
    const b = source.all();
    for (let k = 0; k < a.length; k++) a[k][at] = b[k][i];
  }

  /** Sorts entries [start, end) by descending upper price, ties in their current order. */
  sortRange(start: number, end: number): void {
    const n = end - start;
    if (n < 2) return;
    let sorted = true;
    for (let i = start + 1; i < end && sorted; i++) sorted = this.to[i - 1] >= this.to[i];
    if (sorted) return;
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[i] = start + i;
    const to = this.to;
    if (n <= 32) {
      // Insertion sort (stable) on the small groups that make up most of an index.
      for (let i = 1; i < n; i++) {
        const v = order[i];
        let j = i - 1;
        while (j >= 0 && to[order[j]] < to[v]) (order[j + 1] = order[j]), j--;
        order[j + 1] = v;
      }
    } else {
      order.sort((a, b) => to[b] - to[a] || a - b);
    }
    for (const column of this.all()) {
      const copy = column.slice(start, end);
      for (let i = 0; i < n; i++) column[start + i] = copy[order[i] - start];
    }
  }

  private write(i: number, to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, lat: number, lon: number, cosLat: number, edge: number): void {
    this.to[i] = to;
    this.from[i] = from;
    this.slot[i] = slot;
    this.meta[i] = meta;
    this.areaLo[i] = areaLo;
    this.areaHi[i] = areaHi;
    if (this.geo) {
      this.lat[i] = lat;
      this.lon[i] = lon;
      this.cosLat[i] = cosLat;
      this.edge[i] = edge;
    }
  }

  private all(): Array<Float64Array | Int32Array> {
    const base: Array<Float64Array | Int32Array> = [this.to, this.from, this.slot, this.meta, this.areaLo, this.areaHi];
    return this.geo ? [...base, this.lat, this.lon, this.cosLat, this.edge] : base;
  }

  private grow(): void {
    const capacity = Math.max(4, this.capacity * 2);
    const grown = (a: Float64Array) => {
      const b = new Float64Array(capacity);
      b.set(a);
      return b;
    };
    const grownInt = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a);
      return b;
    };
    this.to = grown(this.to);
    this.from = grown(this.from);
    this.slot = grownInt(this.slot);
    this.meta = grownInt(this.meta);
    this.areaLo = grown(this.areaLo);
    this.areaHi = grown(this.areaHi);
    if (this.geo) {
      this.lat = grown(this.lat);
      this.lon = grown(this.lon);
      this.cosLat = grown(this.cosLat);
      this.edge = grown(this.edge);
    }
  }
}
