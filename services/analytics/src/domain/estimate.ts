import type { DispositionLabel, RadarPrice } from '@rr/proto';
import { bandOfArea, mergeCells, valueOfBin, type BucketCells } from './price-bucket';
import { Binned, quantileSorted, tukeyFences } from './statistics';

/** Fewest comparables an estimate stands on; below it at every step there is no estimate. */
export const MIN_COMPARABLES = 5;

/** What an estimate needs to know of the offer. */
export type EstimateSubject = { dispositionLabel: DispositionLabel | null; area: number | null };
/** The buckets of one property type at one step of the search (0 km: the offer's municipality). */
export type ComparableStep = { radiusKm: number; buckets: readonly BucketCells[] };

type Counts = Record<string, number>;

/** Trimmed (Tukey fences on log price per m²) histogram of one area band, or of every band. */
function trimmed(ppm: Record<string, Counts>, band: number | null): Binned {
  const kept: Counts = {};
  for (const [b, counts] of Object.entries(ppm)) {
    if (band !== null && Number(b) !== band) continue;
    const bins = Object.keys(counts).map(Number).sort((x, y) => x - y);
    const fences = tukeyFences(new Binned(bins, bins.map((x) => counts[x])));
    for (const bin of bins) if (!fences || (bin >= fences.low && bin <= fences.high)) kept[bin] = (kept[bin] ?? 0) + counts[bin];
  }
  const bins = Object.keys(kept).map(Number).sort((x, y) => x - y);
  return new Binned(bins.map(valueOfBin), bins.map((x) => kept[x]));
}

/**
 * RadarPrice: the offer's price per m² from comparable offers, nearest first. At each step (the
 * municipality, then 2, 5, 10, 20, 30 km) the closest match wins: the same layout and floor-area
 * band, then the same band of any layout; the first step with MIN_COMPARABLES of either gives
 * the estimate (median price per m² × area, the range from the 25th to the 75th percentile).
 * The subject itself must not be in the buckets (the caller takes its contribution out).
 */
export function estimatePrice(subject: EstimateSubject, steps: readonly ComparableStep[]): Omit<RadarPrice, 'source' | 'asOf'> | null {
  if (subject.area === null || subject.area < 10) return null;
  const band = bandOfArea(subject.area);
  for (const step of steps) {
    const tiers: [DispositionLabel[], number | null][] = [...(subject.dispositionLabel ? [[[subject.dispositionLabel], band] as [DispositionLabel[], number]] : []), [[], band], [[], null]];
    for (const [layouts, inBand] of tiers) {
      const cell = mergeCells(step.buckets, layouts);
      const sample = trimmed(cell.ppm, inBand);
      if (sample.length < MIN_COMPARABLES) continue;
      const median = quantileSorted(sample, 0.5)!;
      return {
        price: Math.round(median * subject.area),
        pricePerM2: Math.round(median),
        low: Math.round(quantileSorted(sample, 0.25)! * subject.area),
        high: Math.round(quantileSorted(sample, 0.75)! * subject.area),
        comparables: sample.length,
        radiusKm: step.radiusKm,
        sameLayout: layouts.length > 0,
        sameAreaBand: inBand !== null,
      };
    }
  }
  return null;
}
