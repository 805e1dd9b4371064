/**
 * Index entries as fixed-size rows in one buffer (read through 32-bit float and int views, and
 * a 64-bit float view for circle rows), so a group of entries is one contiguous run: a walk
 * costs a cache miss where the run starts and then streams. No object per entry.
 *
 * A lookup is bound by memory traffic, so rows are small: prices and areas are stored as 32-bit
 * floats rounded outwards (a lower bound down, an upper bound up), which can only let an entry
 * through, never drop one; where rounding changed a value the entry is flagged `INEXACT` and its
 * extras record holds the exact bounds for the final say.
 *
 * Row, in 4-byte units: 0 upper price, 1 lower price, 2 floor area low, 3 high, 4 land area low,
 * 5 high (float32), 6 meta, 7 slot, 8 aux (int32: the extras record, or -1). Circle rows add
 * 9 cos latitude and 10 haversine value of the radius (float32, for the cheap test only),
 * 11 the circle (int32, for its exact radius), then from unit 12 the centre's latitude and
 * longitude as 64-bit floats.
 */
export const TO = 0;
export const FROM = 1;
export const AREA_LO = 2;
export const AREA_HI = 3;
export const LAND_LO = 4;
export const LAND_HI = 5;
export const META = 6;
export const SLOT = 7;
export const AUX = 8;
export const COS_LAT = 9;
export const EDGE = 10;
export const CIRCLE = 11;
/** 64-bit positions within a circle row. */
export const LAT = 6;
export const LON = 7;
const CODE_STRIDE = 9;
const CIRCLE_STRIDE = 16;

/**
 * Numbers per extras record: exact price low and high, floor area low and high, land area low
 * and high, beds low and high, price per m² low and high.
 */
export const EXTRA = 10;

const f32 = new Float32Array(1);
const f32Bits = new Int32Array(f32.buffer);

/** The largest float32 ≤ x. */
export function float32Down(x: number): number {
  f32[0] = x;
  if (f32[0] <= x || Number.isNaN(x)) return f32[0];
  f32Bits[0] += f32[0] > 0 ? -1 : f32[0] < 0 ? 1 : 0;
  if (f32[0] === 0 && f32[0] > x) f32Bits[0] = 0x80000001;
  return f32[0];
}

/** The smallest float32 ≥ x. */
export function float32Up(x: number): number {
  return -float32Down(-x);
}

export class EntryRows {
  length = 0;
  /** 4-byte units per row. */
  readonly stride: number;
  floats!: Float32Array;
  ints!: Int32Array;
  /** Circle rows only. */
  doubles!: Float64Array;
  extras: Float64Array;
  extrasLength = 0;

  constructor(capacity: number, readonly geo: boolean, extrasCapacity = 0) {
    this.stride = geo ? CIRCLE_STRIDE : CODE_STRIDE;
    this.allocate(capacity);
    this.extras = new Float64Array(extrasCapacity * EXTRA);
  }

  get capacity(): number {
    return Math.floor(this.ints.length / this.stride);
  }

  /** Appends an entry (the caller rounds the bounds); returns its position. */
  push(to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, landLo: number, landHi: number, aux: number): number {
    if (this.length === this.capacity) this.grow(Math.max(8, this.capacity * 2));
    const i = this.length++;
    const u = i * this.stride;
    this.floats[u + TO] = to;
    this.floats[u + FROM] = from;
    this.floats[u + AREA_LO] = areaLo;
    this.floats[u + AREA_HI] = areaHi;
    this.floats[u + LAND_LO] = landLo;
    this.floats[u + LAND_HI] = landHi;
    this.ints[u + META] = meta;
    this.ints[u + SLOT] = slot;
    this.ints[u + AUX] = aux;
    return i;
  }

  /** Sets the circle of entry `i` (circle rows only). */
  setCircle(i: number, lat: number, lon: number, cosLat: number, edge: number, circle: number): void {
    const u = i * this.stride;
    this.floats[u + COS_LAT] = cosLat;
    this.floats[u + EDGE] = edge;
    this.ints[u + CIRCLE] = circle;
    const d = u / 2;
    this.doubles[d + LAT] = lat;
    this.doubles[d + LON] = lon;
  }

  to(i: number): number {
    return this.floats[i * this.stride + TO];
  }

  from(i: number): number {
    return this.floats[i * this.stride + FROM];
  }

  slot(i: number): number {
    return this.ints[i * this.stride + SLOT];
  }

  meta(i: number): number {
    return this.ints[i * this.stride + META];
  }

  setMeta(i: number, meta: number): void {
    this.ints[i * this.stride + META] = meta;
  }

  /** Appends an extras record; returns its number (for `aux`). */
  pushExtras(values: ArrayLike<number>): number {
    if ((this.extrasLength + 1) * EXTRA > this.extras.length) {
      const bigger = new Float64Array(Math.max(8, this.extrasLength * 2) * EXTRA);
      bigger.set(this.extras);
      this.extras = bigger;
    }
    for (let k = 0; k < EXTRA; k++) this.extras[this.extrasLength * EXTRA + k] = values[k];
    return this.extrasLength++;
  }

  /** Moves the last entry into `i` and drops the last (order is not kept; for unsorted overlays). */
  swapRemove(i: number): void {
    const last = --this.length;
    if (i !== last) this.ints.copyWithin(i * this.stride, last * this.stride, (last + 1) * this.stride);
  }

  /**
   * A packed copy in the given order (`order[k]` is the source of entry k), with the extras
   * records laid out in the same order so a walk reads them front to back. Copies ints, so every
   * bit stays as written.
   */
  gather(order: Int32Array): EntryRows {
    const n = order.length;
    const stride = this.stride;
    let records = 0;
    for (let k = 0; k < n; k++) if (this.ints[order[k] * stride + AUX] >= 0) records++;
    const out = new EntryRows(n, this.geo, records);
    out.length = n;
    const source = this.ints;
    const target = out.ints;
    let record = 0;
    for (let k = 0; k < n; k++) {
      const from = order[k] * stride;
      const to = k * stride;
      for (let j = 0; j < stride; j++) target[to + j] = source[from + j];
      const aux = target[to + AUX];
      if (aux < 0) continue;
      for (let j = 0; j < EXTRA; j++) out.extras[record * EXTRA + j] = this.extras[aux * EXTRA + j];
      target[to + AUX] = record++;
    }
    out.extrasLength = record;
    return out;
  }

  private allocate(capacity: number): void {
    // Whole 8-byte words, so the 64-bit view fits.
    const buffer = new ArrayBuffer(Math.ceil((capacity * this.stride) / 2) * 8);
    this.floats = new Float32Array(buffer);
    this.ints = new Int32Array(buffer);
    this.doubles = new Float64Array(buffer);
  }

  private grow(capacity: number): void {
    const ints = this.ints;
    this.allocate(capacity);
    this.ints.set(ints);
  }
}
