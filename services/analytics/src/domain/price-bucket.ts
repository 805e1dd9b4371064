import type { DispositionLabel } from '@rr/proto';
import { pricePerM2, type OfferFact } from './offer-fact';
import { AREA_BANDS } from './report';

/**
 * A place's offers of one type published in one month, as histograms (docs/decisions.md, "Read
 * model"): a report reads a few of these instead of thousands of offers. Values are kept on a
 * log scale in bins of 0.5 %, so percentiles are within ±0.25 % of the exact ones.
 */
export const LOG_BIN = Math.log(1.005);
const DAY_MS = 86_400_000;

type Counts = Record<string, number>;

/** One layout's figures within a bucket. Keys of the histograms are bin numbers, bands or days. */
export type BucketCell = {
  n: number;
  noPrice: number;
  noArea: number;
  /** Area band → log bin of price per m² → offers. */
  ppm: Record<string, Counts>;
  /** Log bin of price → offers. */
  price: Counts;
  /** Days from publication to withdrawal → withdrawn offers. */
  ended: Counts;
  /** Day of publication (days since epoch) → offers still listed. */
  listedSince: Counts;
};

export type BucketCells = Partial<Record<DispositionLabel | 'unknown', BucketCell>>;
export type LayoutCounts = Partial<Record<DispositionLabel | 'unknown', number>>;

/** Offers per layout of a bucket, stored beside it so the radius widening need not read histograms. */
export function layoutCountsOf(cells: BucketCells): LayoutCounts {
  const out: LayoutCounts = {};
  for (const [layout, cell] of Object.entries(cells) as [DispositionLabel | 'unknown', BucketCell][]) out[layout] = cell.n;
  return out;
}

export const binOf = (value: number) => Math.round(Math.log(value) / LOG_BIN);
export const valueOfBin = (bin: number) => Math.exp(bin * LOG_BIN);

export function bandOfArea(area: number): number {
  let b = 0;
  while (area >= AREA_BANDS[b + 1]) b++;
  return b;
}

function add(counts: Counts, key: number | string, by: number) {
  const next = (counts[key] ?? 0) + by;
  if (next === 0) delete counts[key];
  else counts[key] = next;
}

function isEmpty(counts: Counts): boolean {
  for (const _ in counts) return false;
  return true;
}

function emptyCell(): BucketCell {
  return { n: 0, noPrice: 0, noArea: 0, ppm: {}, price: {}, ended: {}, listedSince: {} };
}

/** Adds (`sign` 1) or removes (−1) one offer's contribution; the handler removes the before-state and adds the after-state. */
export function contribute(cells: BucketCells, fact: OfferFact, sign: 1 | -1): void {
  const layout = fact.dispositionLabel ?? 'unknown';
  const cell = (cells[layout] ??= emptyCell());
  cell.n += sign;
  const ppm = pricePerM2(fact);
  if (fact.price === null || fact.price <= 0) cell.noPrice += sign;
  else {
    add(cell.price, binOf(fact.price), sign);
    if (ppm === null) cell.noArea += sign;
    else {
      const band = bandOfArea(fact.area!);
      add((cell.ppm[band] ??= {}), binOf(ppm), sign);
      // An emptied band goes too, so that a cell does not depend on the order offers came and went.
      if (sign < 0 && isEmpty(cell.ppm[band])) delete cell.ppm[band];
    }
  }
  if (fact.withdrawnAt !== null) add(cell.ended, Math.max(0, Math.floor((fact.withdrawnAt - fact.publishedAt) / DAY_MS)), sign);
  else add(cell.listedSince, Math.floor(fact.publishedAt / DAY_MS), sign);
  if (cell.n === 0) delete cells[layout];
}

/** Sums cells of the chosen layouts (all when none is chosen) over several buckets. */
export function mergeCells(buckets: readonly BucketCells[], layouts: readonly (DispositionLabel | 'unknown')[] = []): BucketCell {
  const out = emptyCell();
  // Plain sums: no key drops to zero here, and `delete` would push the objects into slow mode.
  const merge = (into: Counts, from: Counts) => { for (const k in from) into[k] = (into[k] ?? 0) + from[k]; };
  for (const cells of buckets) {
    for (const [layout, cell] of Object.entries(cells) as [DispositionLabel | 'unknown', BucketCell][]) {
      if (layouts.length > 0 && !layouts.includes(layout)) continue;
      out.n += cell.n;
      out.noPrice += cell.noPrice;
      out.noArea += cell.noArea;
      for (const band in cell.ppm) merge((out.ppm[band] ??= {}), cell.ppm[band]);
      merge(out.price, cell.price);
      merge(out.ended, cell.ended);
      merge(out.listedSince, cell.listedSince);
    }
  }
  return out;
}

/** Expands a histogram into ascending bin values (a report's sample sizes are thousands at most). */
export function expandBins(counts: Counts, toValue: (bin: number) => number = valueOfBin): number[] {
  const bins = Object.keys(counts).map(Number).sort((a, b) => a - b);
  const out: number[] = [];
  for (const bin of bins) for (let i = 0; i < counts[bin]; i++) out.push(toValue(bin));
  return out;
}
