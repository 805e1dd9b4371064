/** Durations of the notifier's steps over the last `size` samples, for the health details (and the benchmark's notes). */
export class Timings {
  private readonly samples = new Map<string, number[]>();

  constructor(private readonly size = 1_000) {}

  record(step: string, ms: number): void {
    let values = this.samples.get(step);
    if (!values) this.samples.set(step, (values = []));
    values.push(ms);
    if (values.length > this.size) values.splice(0, values.length - this.size);
  }

  /** `{ <step>P50ms, <step>P99ms }` for every step seen. */
  summary(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [step, values] of this.samples) {
      const sorted = [...values].sort((a, b) => a - b);
      out[`${step}P50ms`] = Math.round(sorted[Math.floor(sorted.length * 0.5)]);
      out[`${step}P99ms`] = Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]);
    }
    return out;
  }
}
