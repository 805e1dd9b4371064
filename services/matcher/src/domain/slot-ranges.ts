/** Numbers per watchdog: beds low and high, price per m² low and high. */
export const RANGES = 4;

/**
 * The rarer ranges (beds; price per m² of houses and land) of the few watchdogs that restrict
 * them, by slot, in an open-addressing table. It stays small enough for the cache; an array over
 * every slot cost a miss to main memory per check.
 */
export class SlotRanges {
  private keys: Int32Array;
  /** `RANGES` numbers per table position (see `find`). */
  values: Float64Array;
  private count = 0;
  private shift: number;

  constructor(capacity = 64) {
    const size = 2 ** Math.ceil(Math.log2(Math.max(16, capacity * 2)));
    this.keys = new Int32Array(size).fill(-1);
    this.values = new Float64Array(size * RANGES);
    this.shift = 32 - Math.log2(size);
  }

  /** The slot's table position (its numbers start at position × `RANGES`), or -1. */
  find(slot: number): number {
    const mask = this.keys.length - 1;
    for (let i = Math.imul(slot, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & mask) {
      const key = this.keys[i];
      if (key === slot) return i;
      if (key === -1) return -1;
    }
  }

  set(slot: number, bedsLo: number, bedsHi: number, perM2Lo: number, perM2Hi: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    let i = this.find(slot);
    if (i < 0) {
      const mask = this.keys.length - 1;
      i = Math.imul(slot, 0x9e3779b1) >>> this.shift;
      while (this.keys[i] !== -1) i = (i + 1) & mask;
      this.keys[i] = slot;
      this.count++;
    }
    const at = i * RANGES;
    this.values[at] = bedsLo;
    this.values[at + 1] = bedsHi;
    this.values[at + 2] = perM2Lo;
    this.values[at + 3] = perM2Hi;
  }

  private grow(): void {
    const { keys, values } = this;
    const bigger = new SlotRanges(keys.length);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === -1) continue;
      const at = i * RANGES;
      bigger.set(keys[i], values[at], values[at + 1], values[at + 2], values[at + 3]);
    }
    this.keys = bigger.keys;
    this.values = bigger.values;
    this.count = bigger.count;
    this.shift = bigger.shift;
  }
}
