/**
 * Index entries as fixed-size rows in one buffer (read through 32-bit float and int views), so a group of entries is one contiguous run: a walk
 * costs a cache miss where the run starts and then streams. No object per entry.
 *
 * A lookup is bound by memory traffic, so rows are small: prices and areas are stored as 32-bit
 * floats rounded outwards (a lower bound down, an upper bound up), which can only let an entry
 * through, never drop one; where rounding changed a value the entry is flagged `INEXACT` and the
 * watchdog's extras record (see `FilterIndex`) holds the exact bounds for the final say.
 *
 * Row, in 4-byte units: 0 upper price, 1 lower price, 2 floor area low, 3 high, 4 land area (or,
 * for types without one, price per m²) low, 5 high (float32), 6 meta, 7 slot (int32): 32 bytes, two rows to a cache line. Rows of
 * surrounding-area circles add 8 the circle (int32, a row of the index's circle table) and 9 where
 * it reaches: the mask of the sub-cells of the row's cell it reaches (low 16 bits) and the place
 * it is drawn around (high 16 bits, the index's location id; `NO_PLACE` when that does not fit).
 */
export const TO = 0;
export const FROM = 1;
export const AREA_LO = 2;
export const AREA_HI = 3;
export const LAND_LO = 4;
export const LAND_HI = 5;
export const META = 6;
export const SLOT = 7;
export const CIRCLE = 8;
export const NEAR = 9;
export const NO_PLACE = 0xffff;
const CODE_STRIDE = 8;
const CIRCLE_STRIDE = 10;

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

  constructor(capacity: number, readonly geo: boolean) {
    this.stride = geo ? CIRCLE_STRIDE : CODE_STRIDE;
    this.allocate(capacity);
  }

  get capacity(): number {
    return Math.floor(this.ints.length / this.stride);
  }

  /** Appends an entry (the caller rounds the bounds); returns its position. */
  push(to: number, from: number, slot: number, meta: number, areaLo: number, areaHi: number, landLo: number, landHi: number): number {
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
    return i;
  }

  /** Sets the circle of entry `i` and where it reaches (circle rows only). */
  setCircle(i: number, circle: number, subcells: number, place: number): void {
    this.ints[i * this.stride + CIRCLE] = circle;
    this.ints[i * this.stride + NEAR] = subcells | (Math.min(place, NO_PLACE) << 16);
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

  /** Moves the last entry into `i` and drops the last (order is not kept; for unsorted overlays). */
  swapRemove(i: number): void {
    const last = --this.length;
    if (i !== last) this.ints.copyWithin(i * this.stride, last * this.stride, (last + 1) * this.stride);
  }

  /** A packed copy in the given order (`order[k]` is the source of entry k). Copies ints, so every bit stays as written. */
  gather(order: Int32Array): EntryRows {
    const n = order.length;
    const stride = this.stride;
    const out = new EntryRows(n, this.geo);
    out.length = n;
    const source = this.ints;
    const target = out.ints;
    // Unrolled for the eight units every row has: the generic inner loop cost a quarter of a second per million watchdogs.
    const extra = stride - 8;
    for (let k = 0, to = 0; k < n; k++, to += stride) {
      const from = order[k] * stride;
      target[to] = source[from];
      target[to + 1] = source[from + 1];
      target[to + 2] = source[from + 2];
      target[to + 3] = source[from + 3];
      target[to + 4] = source[from + 4];
      target[to + 5] = source[from + 5];
      target[to + 6] = source[from + 6];
      target[to + 7] = source[from + 7];
      for (let j = 0; j < extra; j++) target[to + 8 + j] = source[from + 8 + j];
    }
    return out;
  }

  private allocate(capacity: number): void {
    const buffer = new ArrayBuffer(capacity * this.stride * 4);
    this.floats = new Float32Array(buffer);
    this.ints = new Int32Array(buffer);
  }

  private grow(capacity: number): void {
    const ints = this.ints;
    this.allocate(capacity);
    this.ints.set(ints);
  }
}
