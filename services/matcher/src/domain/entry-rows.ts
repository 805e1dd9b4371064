/**
 * Index entries as fixed-size rows in one buffer (read through an int view), so a group of
 * entries is one contiguous run: a walk costs a cache miss where the run starts and then streams.
 * No object per entry.
 *
 * A lookup is bound by memory traffic, so rows are small and compared as integers: both price
 * bounds as 16-bit codes in one unit (`packPrices`), areas as 16-bit whole numbers, each rounded
 * outwards (a lower bound down, an upper bound up), which can only let an entry through, never
 * drop one; where rounding changed a value the entry is flagged `INEXACT` and the watchdog's
 * extras record (see `FilterIndex`) holds the exact bounds for the final say. Rows of 24 bytes
 * instead of 32 made lookups about a tenth faster; 20 instead of 24 (prices as codes instead of
 * two 32-bit floats, compared without conversion) another 4–7 %.
 *
 * Row, in 4-byte units: 0 prices (lower bound's code low, upper's high), 1 floor area and 2 the
 * second range — land area, or for types without one price per m² — each as two 16-bit halves
 * (see `packRange`), 3 meta, 4 slot (int32): 20 bytes. Rows of surrounding-area circles add 5
 * the circle (int32, a row of the index's circle table) and 6 where it reaches: the mask of the
 * sub-cells of the row's cell it reaches (low 16 bits) and the place it is drawn around (high 16
 * bits, the index's location id; `NO_PLACE` when that does not fit): 28 bytes.
 */
export const PRICES = 0;
export const AREA_RANGE = 1;
export const SECOND_RANGE = 2;
export const META = 3;
export const SLOT = 4;
export const CIRCLE = 5;
export const NEAR = 6;
export const NO_PLACE = 0xffff;
const CODE_STRIDE = 5;
const CIRCLE_STRIDE = 7;

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

export class EntryRows {
  length = 0;
  /** 4-byte units per row. */
  readonly stride: number;
  ints!: Int32Array;

  constructor(capacity: number, readonly geo: boolean) {
    this.stride = geo ? CIRCLE_STRIDE : CODE_STRIDE;
    this.allocate(capacity);
  }

  get capacity(): number {
    return Math.floor(this.ints.length / this.stride);
  }

  /** Appends an entry (packed and rounded by the caller); returns its position. */
  push(prices: number, slot: number, meta: number, area: number, second: number): number {
    if (this.length === this.capacity) this.grow(Math.max(8, this.capacity * 2));
    const i = this.length++;
    const u = i * this.stride;
    this.ints[u + PRICES] = prices;
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
    // Unrolled for the five units every row has: the generic inner loop cost a quarter of a second per million watchdogs.
    const extra = stride - 5;
    for (let k = 0, to = 0; k < n; k++, to += stride) {
      const from = order[k] * stride;
      target[to] = source[from];
      target[to + 1] = source[from + 1];
      target[to + 2] = source[from + 2];
      target[to + 3] = source[from + 3];
      target[to + 4] = source[from + 4];
      for (let j = 0; j < extra; j++) target[to + 5 + j] = source[from + 5 + j];
    }
    return out;
  }

  private allocate(capacity: number): void {
    this.ints = new Int32Array(capacity * this.stride);
  }

  private grow(capacity: number): void {
    const ints = this.ints;
    this.allocate(capacity);
    this.ints.set(ints);
  }
}
