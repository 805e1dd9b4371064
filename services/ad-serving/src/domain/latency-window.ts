/**
 * The last `size` durations of an operation and how many there were in all: a bounded window for
 * a p99 in the health report (memory stays the same whatever the traffic).
 */
export class LatencyWindow {
  private readonly samples: Float64Array;
  private next = 0;
  count = 0;

  constructor(size = 8_192) {
    this.samples = new Float64Array(size);
  }

  add(micros: number): void {
    this.samples[this.next] = micros;
    this.next = (this.next + 1) % this.samples.length;
    this.count += 1;
  }

  /** The q-quantile (0..1) of the durations in the window, 0 when there are none. */
  quantile(q: number): number {
    const n = Math.min(this.count, this.samples.length);
    if (n === 0) return 0;
    const sorted = Float64Array.from(this.samples.subarray(0, n)).sort();
    return sorted[Math.min(n - 1, Math.ceil(q * n) - 1)];
  }
}
