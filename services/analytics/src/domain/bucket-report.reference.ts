/**
 * The report from buckets as it was computed before the dense histograms (objects merged key by
 * key, sorted per histogram): the reference the dense path must equal exactly (test only).
 */
import type { DispositionLabel, RealEstateType } from '@rr/proto';
import { kaplanMeierMedian, type Spell } from './days-on-market';
import { mergeCells, valueOfBin, type BucketCell } from './price-bucket';
import { MIN_SAMPLE, type MonthPoint, type PriceReport } from './report';
import type { StoredBucket } from './bucket-report';
import { Binned, medianConfidenceInterval, summarise, tukeyFences } from './statistics';

const DAY_MS = 86_400_000;

type Counts = Record<string, number>;

/** A histogram keyed by bin number as an ascending sample (of bin numbers, or of values through `toValue`). */
function binnedOf(counts: Counts, toValue: (bin: number) => number = valueOfBin): Binned {
  const bins = Object.keys(counts).map(Number).sort((a, b) => a - b);
  return new Binned(bins.map(toValue), bins.map((b) => counts[b]));
}

/**
 * Price per m² of a cell with outliers per area band left out (the bins are already logs), as
 * one histogram: the statistics read ranks of it, never an expanded list of offers.
 */
function trimmedPricesPerM2(cell: BucketCell): { values: Binned; outliers: number } {
  const kept: Counts = {};
  let outliers = 0;
  for (const band of Object.values(cell.ppm)) {
    const fences = tukeyFences(binnedOf(band, (bin) => bin));
    for (const bin in band) {
      const b = Number(bin);
      if (fences && (b < fences.low || b > fences.high)) outliers += band[bin];
      else kept[bin] = (kept[bin] ?? 0) + band[bin];
    }
  }
  return { values: binnedOf(kept), outliers };
}

function spellsOf(cell: BucketCell, asOf: number): Spell[] {
  const today = Math.floor(asOf / DAY_MS);
  const spells: Spell[] = [];
  for (const [days, count] of Object.entries(cell.ended)) spells.push({ days: Number(days), ended: true, count });
  for (const [day, count] of Object.entries(cell.listedSince)) spells.push({ days: Math.max(0, today - Number(day)), ended: false, count });
  return spells;
}

/**
 * The report for one property type from a place's buckets over the window (every property type's
 * buckets, for the shares of types). Same figures as `buildReport` over the offers, to bin precision.
 */
export function referenceReportFromBuckets(
  buckets: readonly StoredBucket[],
  realEstateType: RealEstateType,
  layouts: readonly (DispositionLabel | 'unknown')[],
  asOf: number,
  /** Offers per property type when they come from the counts (the buckets then hold one type). */
  typeCounts?: PriceReport['realEstateTypes'],
): PriceReport {
  const ofType = buckets.filter((b) => b.realEstateType === realEstateType);
  const cell = mergeCells(ofType.map((b) => b.cells), layouts);
  const enough = cell.n >= MIN_SAMPLE;
  const ppm = trimmedPricesPerM2(cell);
  const ppmSummary = enough ? summarise(ppm.values) : null;
  const realEstateTypes: PriceReport['realEstateTypes'] = typeCounts ?? {};
  if (!typeCounts) {
    for (const b of buckets) {
      let n = 0;
      for (const [layout, c] of Object.entries(b.cells)) if (layouts.length === 0 || layouts.includes(layout as DispositionLabel)) n += c!.n;
      if (n > 0) realEstateTypes[b.realEstateType] = (realEstateTypes[b.realEstateType] ?? 0) + n;
    }
  }
  const dispositions: PriceReport['dispositions'] = {};
  for (const b of ofType) {
    for (const [layout, c] of Object.entries(b.cells)) {
      if (layouts.length > 0 && !layouts.includes(layout as DispositionLabel)) continue;
      dispositions[layout as DispositionLabel] = (dispositions[layout as DispositionLabel] ?? 0) + c!.n;
    }
  }
  const months = [...new Set(ofType.map((b) => b.month))].sort();
  const monthly: MonthPoint[] = months.map((month) => {
    const c = mergeCells(ofType.filter((b) => b.month === month).map((b) => b.cells), layouts);
    return { month, n: c.n, medianPricePerM2: summarise(trimmedPricesPerM2(c).values)?.median ?? null, medianPrice: summarise(binnedOf(c.price))?.median ?? null };
  });
  return {
    status: enough ? 'ok' : 'notEnoughData',
    asOf: new Date(asOf).toISOString(),
    n: cell.n,
    excluded: { noPrice: cell.noPrice, noArea: cell.noArea, outliers: ppm.outliers },
    price: enough ? summarise(binnedOf(cell.price)) : null,
    pricePerM2: ppmSummary && { ...ppmSummary, ci: medianConfidenceInterval(ppm.values) },
    daysOnMarket: kaplanMeierMedian(spellsOf(cell, asOf)),
    realEstateTypes,
    dispositions,
    monthly,
  };
}
