/**
 * Robust descriptive statistics for price reports (docs/decisions.md, "Price statistics").
 * Pure: every function takes plain numbers and never mutates its input.
 */

export function sortedCopy(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/**
 * An ascending sample read by rank: an array, or a histogram that answers ranks without being
 * expanded (`Binned`), so reports over thousands of offers read a few ranks of a few hundred bins.
 */
export type Ordered = { readonly length: number; at(rank: number): number | undefined };

/** Percentile of an ascending sample by linear interpolation between ranks (R type 7, numpy's default). */
export function quantileSorted(sorted: Ordered, p: number): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  if (p <= 0) return sorted.at(0)!;
  if (p >= 1) return sorted.at(n - 1)!;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted.at(lo)!;
  return a + (h - lo) * (sorted.at(hi)! - a);
}

/** A histogram as an ascending sample: distinct values ascending, with how many times each occurs. */
export class Binned implements Ordered {
  readonly length: number;
  private readonly upTo: number[] = [];

  constructor(private readonly values: readonly number[], counts: readonly number[]) {
    let total = 0;
    for (const c of counts) this.upTo.push((total += c));
    this.length = total;
  }

  at(rank: number): number | undefined {
    if (rank < 0 || rank >= this.length) return undefined;
    let lo = 0;
    let hi = this.upTo.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.upTo[mid] > rank) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo];
  }

  mean(): number | null {
    if (this.length === 0) return null;
    let sum = 0;
    let prev = 0;
    this.upTo.forEach((upTo, i) => { sum += this.values[i] * (upTo - prev); prev = upTo; });
    return sum / this.length;
  }
}

export function mean(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return sum / values.length;
}

export type Summary = { n: number; mean: number; median: number; p25: number; p75: number };

export function summarise(values: readonly number[] | Binned): Summary | null {
  if (values.length === 0) return null;
  if (values instanceof Binned) {
    return { n: values.length, mean: values.mean()!, median: quantileSorted(values, 0.5)!, p25: quantileSorted(values, 0.25)!, p75: quantileSorted(values, 0.75)! };
  }
  const sorted = sortedCopy(values);
  return {
    n: sorted.length,
    mean: mean(sorted)!,
    median: quantileSorted(sorted, 0.5)!,
    p25: quantileSorted(sorted, 0.25)!,
    p75: quantileSorted(sorted, 0.75)!,
  };
}

/**
 * Distribution-free confidence interval for the median: the order statistics x(k) and x(n−k+1),
 * with k the largest rank such that P(Bin(n, ½) ≤ k − 1) ≤ α/2 (Conover; exact for any n).
 * Null when the sample is too small for the level (n < 6 at 95 %).
 */
export function medianConfidenceInterval(sorted: Ordered, level = 0.95): { low: number; high: number; level: number } | null {
  const n = sorted.length;
  if (n === 0) return null;
  const alphaHalf = (1 - level) / 2;
  // Binomial(n, ½) probabilities in log space so large n neither underflows nor overflows.
  const logHalfN = -n * Math.LN2;
  let logCoef = 0; // log C(n, 0)
  let cdf = 0;
  let k = 0;
  for (let j = 0; j <= n; j++) {
    cdf += Math.exp(logCoef + logHalfN);
    if (cdf > alphaHalf) break;
    k = j + 1; // P(X ≤ j) ≤ α/2, so rank j + 1 is still a valid lower bound
    logCoef += Math.log((n - j) / (j + 1));
  }
  if (k < 1) return null;
  return { low: sorted.at(k - 1)!, high: sorted.at(n - k)!, level };
}

/** Tukey fences on an ascending sample: values outside [Q1 − k·IQR, Q3 + k·IQR] are outliers. */
export function tukeyFences(sorted: Ordered, k = 1.5): { low: number; high: number } | null {
  // Quartiles of fewer than four values say nothing about what is unusual.
  if (sorted.length < 4) return null;
  const q1 = quantileSorted(sorted, 0.25)!;
  const q3 = quantileSorted(sorted, 0.75)!;
  const iqr = q3 - q1;
  return { low: q1 - k * iqr, high: q3 + k * iqr };
}
