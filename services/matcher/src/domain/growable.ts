/** Typed arrays that grow by doubling; `data` may be replaced on growth, so read it fresh. */
export class GrowableF64 {
  data: Float64Array;
  length = 0;

  constructor(initial = 1024) {
    this.data = new Float64Array(initial);
  }

  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const bigger = new Float64Array(Math.max(this.length + extra, this.data.length * 2));
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }

  push(value: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = value;
  }

  /** Writes at an index, growing (and zero-filling) as needed. */
  set(index: number, value: number): void {
    if (index >= this.data.length) this.reserve(index + 1 - this.length);
    this.data[index] = value;
    if (index >= this.length) this.length = index + 1;
  }
}

export class GrowableI32 {
  data: Int32Array;
  length = 0;

  constructor(initial = 1024) {
    this.data = new Int32Array(initial);
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  set(index: number, value: number): void {
    while (index >= this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[index] = value;
    if (index >= this.length) this.length = index + 1;
  }
}
