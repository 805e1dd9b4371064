/** Typed arrays that grow by doubling; `data` may be replaced on growth, so read it fresh. */
abstract class Growable<A extends Float64Array | Uint8Array | Uint16Array> {
  data: A;

  constructor(initial: number) {
    this.data = this.allocate(initial);
  }

  protected abstract allocate(length: number): A;

  get(index: number): number | undefined {
    return index < this.data.length ? this.data[index] : undefined;
  }

  set(index: number, value: number): void {
    if (index >= this.data.length) {
      const bigger = this.allocate(Math.max(index + 1, this.data.length * 2));
      bigger.set(this.data as never);
      this.data = bigger;
    }
    this.data[index] = value;
  }
}

export class GrowableF64 extends Growable<Float64Array> {
  constructor(initial = 1024, private readonly empty = 0) {
    super(initial);
    this.data.fill(empty);
  }
  protected allocate(length: number) {
    // Called by the base constructor before `empty` is assigned; that first array is filled above.
    return new Float64Array(length).fill(this.empty ?? 0);
  }
}

export class GrowableU8 extends Growable<Uint8Array> {
  constructor(initial = 1024) {
    super(initial);
  }
  protected allocate(length: number) {
    return new Uint8Array(length);
  }
}

export class GrowableU16 extends Growable<Uint16Array> {
  constructor(initial = 1024) {
    super(initial);
  }
  protected allocate(length: number) {
    return new Uint16Array(length);
  }
}
