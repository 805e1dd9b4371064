import type { DispositionLabel, RealEstateType } from '@rr/proto';
import { kaplanMeierMedian, type Spell } from './days-on-market';
import { binnedOfDense, mergeDense, mergeDenseCells, type Dense, type DenseCell } from './dense-cell';
import { PackedCells } from './packed-cells';
import { layoutCountsOf, valueOfBin, type BucketCells, type LayoutCounts } from './price-bucket';
import { MIN_SAMPLE, type MonthPoint, type PriceReport } from './report';
import { Binned, medianConfidenceInterval, summarise, tukeyFences } from './statistics';

const DAY_MS = 86_400_000;

/** One stored bucket as a report reads it. */
export type StoredBucket = { realEstateType: RealEstateType; month: string; cells: BucketCells; placeKey?: string };
/** A bucket as a report reads it: decoded, or packed (the copies held in memory). */
export type ReportBucket = Omit<StoredBucket, 'cells'> & { cells: BucketCells | PackedCells };

const packedOf = (cells: BucketCells | PackedCells) => (cells instanceof PackedCells ? cells : PackedCells.of(cells));
const layoutsIn = (cells: BucketCells | PackedCells): LayoutCounts => (cells instanceof PackedCells ? cells.layoutCounts() : layoutCountsOf(cells));

/**
 * Price per m² of a cell with outliers per area band left out (the bins are already logs), as
 * one histogram: the statistics read ranks of it, never an expanded list of offers.
 */
function trimmedPricesPerM2(cell: DenseCell): { values: Binned; outliers: number } {
  const kept: Dense[] = [];
  let outliers = 0;
  for (const band of cell.ppm) {
    if (band.counts.length === 0) continue;
    const fences = tukeyFences(binnedOfDense(band, (bin) => bin));
    if (!fences) {
      kept.push(band);
      continue;
    }
    const inside = new Int32Array(band.counts.length);
    for (let i = 0; i < band.counts.length; i++) {
      const b = band.lo + i;
      if (b < fences.low || b > fences.high) outliers += band.counts[i];
      else inside[i] = band.counts[i];
    }
    kept.push({ lo: band.lo, counts: inside });
  }
  return { values: binnedOfDense(mergeDense(kept), valueOfBin), outliers };
}

function spellsOf(cell: DenseCell, asOf: number): Spell[] {
  const today = Math.floor(asOf / DAY_MS);
  const spells: Spell[] = [];
  const { ended, listedSince } = cell;
  for (let i = 0; i < ended.counts.length; i++) if (ended.counts[i] > 0) spells.push({ days: ended.lo + i, ended: true, count: ended.counts[i] });
  for (let i = 0; i < listedSince.counts.length; i++) if (listedSince.counts[i] > 0) spells.push({ days: Math.max(0, today - (listedSince.lo + i)), ended: false, count: listedSince.counts[i] });
  return spells;
}

/**
 * The report for one property type from a place's buckets over the window (every property type's
 * buckets, for the shares of types). Same figures as `buildReport` over the offers, to bin precision.
 */
export function reportFromBuckets(
  buckets: readonly ReportBucket[],
  realEstateType: RealEstateType,
  layouts: readonly (DispositionLabel | 'unknown')[],
  asOf: number,
  /** Offers per property type when they come from the counts (the buckets then hold one type). */
  typeCounts?: PriceReport['realEstateTypes'],
): PriceReport {
  const ofType = buckets.filter((b) => b.realEstateType === realEstateType);
  // Each month's cells summed first (the monthly series), the window's from those.
  const months = [...new Set(ofType.map((b) => b.month))].sort();
  const byMonth = months.map((month) => PackedCells.sum(ofType.filter((b) => b.month === month).map((b) => packedOf(b.cells)), layouts));
  const cell = mergeDenseCells(byMonth);
  const enough = cell.n >= MIN_SAMPLE;
  const ppm = trimmedPricesPerM2(cell);
  const ppmSummary = enough ? summarise(ppm.values) : null;
  const realEstateTypes: PriceReport['realEstateTypes'] = { ...typeCounts };
  if (typeCounts) {
    // The counts are filed after the buckets, so for a moment they can name fewer offers than the
    // buckets just read: the reported type's share is the figures' own sample, so the report adds up.
    if (cell.n > 0) realEstateTypes[realEstateType] = cell.n;
    else delete realEstateTypes[realEstateType];
  } else {
    for (const b of buckets) {
      let n = 0;
      for (const [layout, count] of Object.entries(layoutsIn(b.cells))) if (layouts.length === 0 || layouts.includes(layout as DispositionLabel)) n += count;
      if (n > 0) realEstateTypes[b.realEstateType] = (realEstateTypes[b.realEstateType] ?? 0) + n;
    }
  }
  const dispositions: PriceReport['dispositions'] = {};
  for (const c of byMonth) for (const [layout, n] of Object.entries(c.byLayout)) dispositions[layout as DispositionLabel] = (dispositions[layout as DispositionLabel] ?? 0) + n;
  const monthly: MonthPoint[] = months.map((month, i) => {
    const c = byMonth[i];
    return { month, n: c.n, medianPricePerM2: summarise(trimmedPricesPerM2(c).values)?.median ?? null, medianPrice: summarise(binnedOfDense(c.price, valueOfBin))?.median ?? null };
  });
  return {
    status: enough ? 'ok' : 'notEnoughData',
    asOf: new Date(asOf).toISOString(),
    n: cell.n,
    excluded: { noPrice: cell.noPrice, noArea: cell.noArea, outliers: ppm.outliers },
    price: enough ? summarise(binnedOfDense(cell.price, valueOfBin)) : null,
    pricePerM2: ppmSummary && { ...ppmSummary, ci: medianConfidenceInterval(ppm.values) },
    daysOnMarket: kaplanMeierMedian(spellsOf(cell, asOf)),
    realEstateTypes,
    dispositions,
    monthly,
  };
}
