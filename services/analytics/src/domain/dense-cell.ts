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
