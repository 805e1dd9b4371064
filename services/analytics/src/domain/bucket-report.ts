import type { DispositionLabel, RealEstateType } from '@rr/proto';
import { kaplanMeierMedian, type Spell } from './days-on-market';
import { expandBins, mergeCells, valueOfBin, type BucketCell, type BucketCells } from './price-bucket';
import { MIN_SAMPLE, type MonthPoint, type PriceReport } from './report';
import { medianConfidenceInterval, summarise, tukeyFences } from './statistics';

const DAY_MS = 86_400_000;

/** One stored bucket as a report reads it. */
export type StoredBucket = { realEstateType: RealEstateType; month: string; cells: BucketCells };

/** Price per m² values of a cell with outliers per area band left out (the bins are already logs). */
function trimmedPricesPerM2(cell: BucketCell): { values: number[]; outliers: number } {
  const kept: number[] = [];
  let outliers = 0;
  for (const band of Object.values(cell.ppm)) {
    const bins = expandBins(band, (bin) => bin);
    const fences = tukeyFences(bins);
    for (const bin of bins) {
      if (fences && (bin < fences.low || bin > fences.high)) outliers++;
      else kept.push(valueOfBin(bin));
    }
  }
  return { values: kept.sort((a, b) => a - b), outliers };
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
export function reportFromBuckets(
  buckets: readonly StoredBucket[],
  realEstateType: RealEstateType,
  layouts: readonly (DispositionLabel | 'unknown')[],
  asOf: number,
): PriceReport {
  const ofType = buckets.filter((b) => b.realEstateType === realEstateType);
  const cell = mergeCells(ofType.map((b) => b.cells), layouts);
  const enough = cell.n >= MIN_SAMPLE;
  const ppm = trimmedPricesPerM2(cell);
  const ppmSummary = enough ? summarise(ppm.values) : null;
  const realEstateTypes: PriceReport['realEstateTypes'] = {};
  for (const b of buckets) {
    let n = 0;
    for (const [layout, c] of Object.entries(b.cells)) if (layouts.length === 0 || layouts.includes(layout as DispositionLabel)) n += c!.n;
    if (n > 0) realEstateTypes[b.realEstateType] = (realEstateTypes[b.realEstateType] ?? 0) + n;
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
    return { month, n: c.n, medianPricePerM2: summarise(trimmedPricesPerM2(c).values)?.median ?? null, medianPrice: summarise(expandBins(c.price))?.median ?? null };
  });
  return {
    status: enough ? 'ok' : 'notEnoughData',
    asOf: new Date(asOf).toISOString(),
    n: cell.n,
    excluded: { noPrice: cell.noPrice, noArea: cell.noArea, outliers: ppm.outliers },
    price: enough ? summarise(expandBins(cell.price)) : null,
    pricePerM2: ppmSummary && { ...ppmSummary, ci: medianConfidenceInterval(ppm.values) },
    daysOnMarket: kaplanMeierMedian(spellsOf(cell, asOf)),
    realEstateTypes,
    dispositions,
    monthly,
  };
}
