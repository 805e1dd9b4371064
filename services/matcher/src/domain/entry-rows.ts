/**
 * Index entries as fixed-size rows in one buffer (read through 32-bit float and int views), so a group of entries is one contiguous run: a walk
 * costs a cache miss where the run starts and then streams. No object per entry.
 *
 * A lookup is bound by memory traffic, so rows are small: prices are stored as 32-bit floats and
 * areas as 16-bit whole numbers, rounded outwards (a lower bound down, an upper bound up), which
 * can only let an entry through, never drop one; where rounding changed a value the entry is
 * flagged `INEXACT` and the watchdog's extras record (see `FilterIndex`) holds the exact bounds
 * for the final say. 24-byte rows instead of 32 made lookups about a tenth faster.
 *
 * Row, in 4-byte units: 0 upper price, 1 lower price (float32), 2 floor area and 3 the second
 * range — land area, or for types without one price per m² — each as two 16-bit halves (see
 * `packRange`), 4 meta, 5 slot (int32): 24 bytes. Rows of surrounding-area circles add 6 the
 * circle (int32, a row of the index's circle table) and 7 where it reaches: the mask of the
 * sub-cells of the row's cell it reaches (low 16 bits) and the place it is drawn around (high 16
 * bits, the index's location id; `NO_PLACE` when that does not fit): 32 bytes.
 */
export const TO = 0;
export const FROM = 1;
export const AREA_RANGE = 2;
export const SECOND_RANGE = 3;
export const META = 4;
export const SLOT = 5;
export const CIRCLE = 6;
export const NEAR = 7;
export const NO_PLACE = 0xffff;
const CODE_STRIDE = 6;
const CIRCLE_STRIDE = 8;

/** The high half of a packed range that leaves the upper end open; also where values are capped. */
export const OPEN_TOP = 0xffff;
/** Units of the second range: land area in m², price per m² in hundreds of crowns (bounds are round numbers). */
export const LAND_UNIT = 1;
export const PRICE_PER_M2_UNIT = 100;

/**
 * A range of non-negative values as whole `unit`s in two 16-bit halves: the lower bound rounded
 * down (0: open), the upper rounded up (`OPEN_TOP`: open or beyond 16 bits), so the row can only
 * let a value through, never drop one. `exact` says whether the halves hold the bounds exactly;
 * where not, the entry is `INEXACT` and its extras hold the bounds. A lower bound of exactly 0 is
 * not exact either: an open one lets a negative value through, 0 must not. Values are compared
 * as `min(value / unit, OPEN_TOP)`, a negative one as 0.
 */
export function packRange(lo: number, hi: number, unit: number): { packed: number; exact: boolean } {
  const low = lo / unit;
  const high = hi / unit;
  const lower = lo === -Infinity ? 0 : Math.min(OPEN_TOP - 1, Math.max(0, Math.floor(low)));
  const upper = hi === Infinity ? OPEN_TOP : Math.min(OPEN_TOP, Math.max(0, Math.ceil(high)));
  const exact = (lo === -Infinity || (low === lower && lower > 0)) && (hi === Infinity || (high === upper && upper < OPEN_TOP));
  return { packed: (lower | (upper << 16)) | 0, exact };
}

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
  push(to: number, from: number, slot: number, meta: number, area: number, second: number): number {
    if (this.length === this.capacity) this.grow(Math.max(8, this.capacity * 2));
    const i = this.length++;
    const u = i * this.stride;
    this.floats[u + TO] = to;
    this.floats[u + FROM] = from;
    this.ints[u + AREA_RANGE] = area;
    this.ints[u + SECOND_RANGE] = second;
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
    // Unrolled for the six units every row has: the generic inner loop cost a quarter of a second per million watchdogs.
    const extra = stride - 6;
    for (let k = 0, to = 0; k < n; k++, to += stride) {
      const from = order[k] * stride;
      target[to] = source[from];
      target[to + 1] = source[from + 1];
      target[to + 2] = source[from + 2];
      target[to + 3] = source[from + 3];
      target[to + 4] = source[from + 4];
      target[to + 5] = source[from + 5];
      for (let j = 0; j < extra; j++) target[to + 6 + j] = source[from + 6 + j];
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
