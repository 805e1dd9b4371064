import { Binned, mean, medianConfidenceInterval, quantileSorted, summarise, tukeyFences } from './statistics';
import { reportWindow } from './report-window';

describe('statistics', () => {
  it('interpolates percentiles between ranks like R type 7', () => {
    const s = [1, 2, 3, 4, 10];
    expect(quantileSorted(s, 0.5)).toBe(3);
    expect(quantileSorted(s, 0.25)).toBe(2);
    expect(quantileSorted(s, 0.75)).toBe(4);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([], 0.5)).toBeNull();
  });

  it('summarises an unsorted sample without changing it', () => {
    const values = [300, 100, 200, 1000];
    expect(summarise(values)).toEqual({ n: 4, mean: 400, median: 250, p25: 175, p75: 475 });
    expect(values).toEqual([300, 100, 200, 1000]);
    expect(summarise([])).toBeNull();
    expect(mean([])).toBeNull();
  });

  it('gives the exact binomial ranks for the median interval', () => {
    const ten = Array.from({ length: 10 }, (_, i) => i + 1);
    // n = 10: P(X ≤ 1) = 0.0107 ≤ 0.025 < P(X ≤ 2) = 0.0547, so ranks 2 and 9.
    expect(medianConfidenceInterval(ten)).toEqual({ low: 2, high: 9, level: 0.95 });
    // n = 6: P(X ≤ 0) = 0.0156, so ranks 1 and 6; n = 5 cannot reach 95 %.
    expect(medianConfidenceInterval([1, 2, 3, 4, 5, 6])).toEqual({ low: 1, high: 6, level: 0.95 });
    expect(medianConfidenceInterval([1, 2, 3, 4, 5])).toBeNull();
  });

  it('agrees with the normal approximation for a large sample', () => {
    const n = 10_000;
    const sorted = Array.from({ length: n }, (_, i) => i + 1);
    const ci = medianConfidenceInterval(sorted)!;
    const expectedLow = Math.round(n / 2 - 1.96 * Math.sqrt(n) / 2);
    expect(Math.abs(ci.low - expectedLow)).toBeLessThanOrEqual(1);
    expect(ci.high).toBe(n + 1 - ci.low);
  });

  it('puts Tukey fences 1.5 IQR beyond the quartiles and none under four values', () => {
    expect(tukeyFences([1, 2, 3, 4, 5])).toEqual({ low: -1, high: 7 });
    expect(tukeyFences([1, 2, 3])).toBeNull();
  });
});

describe('Binned', () => {
  it('answers ranks, percentiles, the mean and the median interval as the expanded sample does', () => {
    const values = [3, 7, 7, 7, 10, 12, 12, 40];
    const binned = new Binned([3, 7, 10, 12, 40], [1, 3, 1, 2, 1]);
    expect(binned.length).toBe(8);
    expect([0, 1, 3, 4, 5, 7, 8].map((r) => binned.at(r))).toEqual([3, 7, 7, 10, 12, 40, undefined]);
    expect(summarise(binned)).toEqual(summarise(values));
    expect(medianConfidenceInterval(binned)).toEqual(medianConfidenceInterval(values));
    expect(tukeyFences(binned)).toEqual(tukeyFences(values));
  });
});

describe('reportWindow', () => {
  it('reads whole months from the month `months` back through the current one', () => {
    expect(reportWindow(Date.parse('2026-11-20T10:00:00Z'), 3)).toEqual({ fromMonth: '2026-08', toMonth: '2026-11' });
    expect(reportWindow(Date.parse('2026-01-31T23:00:00Z'), 24)).toEqual({ fromMonth: '2024-01', toMonth: '2026-01' });
  });
});
