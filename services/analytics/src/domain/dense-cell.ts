import type { DispositionLabel } from '@rr/proto';
import type { BucketCell, BucketCells } from './price-bucket';
import { AREA_BANDS } from './report';
import { Binned } from './statistics';

/**
 * A bucket cell's histograms as arrays over consecutive integer keys (bins, days), for reports:
 * merging them is adding arrays and reading them in order needs no sort, where the stored form
 * (objects keyed by strings, for JSON and the handler's updates) cost a hash lookup per key and a
 * sort per histogram on every report (docs/decisions.md, "Report reads").
 */
export type Dense = { readonly lo: number; readonly counts: Int32Array };
export type DenseCell = { n: number; noPrice: number; noArea: number; ppm: Dense[]; price: Dense; ended: Dense; listedSince: Dense };

const EMPTY: Dense = { lo: 0, counts: new Int32Array(0) };
const BANDS = AREA_BANDS.length - 1;

export function denseOf(counts: Record<string, number>): Dense {
  let lo = Infinity;
  let hi = -Infinity;
  for (const k in counts) {
    const key = Number(k);
    if (key < lo) lo = key;
    if (key > hi) hi = key;
  }
  if (lo > hi) return EMPTY;
  const out = new Int32Array(hi - lo + 1);
  for (const k in counts) out[Number(k) - lo] += counts[k];
  return { lo, counts: out };
}

/** The sum of histograms; one histogram is answered as itself (never written to). */
export function mergeDense(list: readonly Dense[]): Dense {
  const present = list.filter((d) => d.counts.length > 0);
  if (present.length <= 1) return present[0] ?? EMPTY;
  let lo = Infinity;
  let hi = -Infinity;
  for (const d of present) {
    lo = Math.min(lo, d.lo);
    hi = Math.max(hi, d.lo + d.counts.length - 1);
  }
  const out = new Int32Array(hi - lo + 1);
  for (const d of present) {
    const at = d.lo - lo;
    for (let i = 0; i < d.counts.length; i++) out[at + i] += d.counts[i];
  }
  return { lo, counts: out };
}

/** The keys with offers, ascending, as a sample read by rank (through `toValue`). */
export function binnedOfDense(d: Dense, toValue: (key: number) => number): Binned {
  const values: number[] = [];
  const counts: number[] = [];
  for (let i = 0; i < d.counts.length; i++) {
    if (d.counts[i] === 0) continue;
    values.push(toValue(d.lo + i));
    counts.push(d.counts[i]);
  }
  return new Binned(values, counts);
}

const cellMemo = new WeakMap<BucketCell, DenseCell>();
const bucketMemo = new WeakMap<BucketCells, DenseCell>();

/** One layout's cell in dense form, made once per decoded cell (cached buckets keep theirs). */
export function denseCellOf(cell: BucketCell): DenseCell {
  let out = cellMemo.get(cell);
  if (!out) {
    const ppm: Dense[] = [];
    for (let band = 0; band < BANDS; band++) ppm.push(cell.ppm[band] ? denseOf(cell.ppm[band]) : EMPTY);
    out = { n: cell.n, noPrice: cell.noPrice, noArea: cell.noArea, ppm, price: denseOf(cell.price), ended: denseOf(cell.ended), listedSince: denseOf(cell.listedSince) };
    cellMemo.set(cell, out);
  }
  return out;
}

export function mergeDenseCells(cells: readonly DenseCell[]): DenseCell {
  if (cells.length === 1) return cells[0];
  const out: DenseCell = { n: 0, noPrice: 0, noArea: 0, ppm: [], price: EMPTY, ended: EMPTY, listedSince: EMPTY };
  for (const c of cells) {
    out.n += c.n;
    out.noPrice += c.noPrice;
    out.noArea += c.noArea;
  }
  for (let band = 0; band < BANDS; band++) out.ppm.push(mergeDense(cells.map((c) => c.ppm[band])));
  out.price = mergeDense(cells.map((c) => c.price));
  out.ended = mergeDense(cells.map((c) => c.ended));
  out.listedSince = mergeDense(cells.map((c) => c.listedSince));
  return out;
}

/**
 * A bucket's cells of the chosen layouts (all when none is chosen) summed, in dense form; the sum
 * of all layouts, which most reports ask for, is made once per decoded bucket.
 */
export function denseBucketOf(cells: BucketCells, layouts: readonly (DispositionLabel | 'unknown')[]): DenseCell {
  if (layouts.length > 0) {
    return mergeDenseCells([...new Set(layouts)].flatMap((l) => (cells[l] ? [denseCellOf(cells[l]!)] : [])));
  }
  let out = bucketMemo.get(cells);
  if (!out) {
    out = mergeDenseCells(Object.values(cells).map((c) => denseCellOf(c!)));
    bucketMemo.set(cells, out);
  }
  return out;
}
