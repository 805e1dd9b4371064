import { DISPOSITION_LABELS, type DispositionLabel } from '@rr/proto';
import type { Dense, DenseCell } from './dense-cell';
import type { BucketCells, LayoutCounts } from './price-bucket';
import { AREA_BANDS } from './report';

type Layout = DispositionLabel | 'unknown';
const LAYOUTS: readonly Layout[] = [...DISPOSITION_LABELS, 'unknown'];
const CODE = new Map(LAYOUTS.map((l, i) => [l, i]));
const BANDS = AREA_BANDS.length - 1;
/** Histograms per layout: price per m² of each area band, then price, ended, listedSince. */
const HISTOGRAMS = BANDS + 3;
const PRICE = BANDS;
const ENDED = BANDS + 1;
const LISTED_SINCE = BANDS + 2;
/** Words before a layout's histograms: its code, n, noPrice, noArea. */
const LAYOUT_HEAD = 4;
/** What a copy costs beside its data (the typed array, its holder, the cache's entry and key), for a cache's bound. */
const OBJECT_BYTES = 300;

/**
 * A bucket's cells in one `Int32Array` (docs/decisions.md, "Report copies packed"), for the copies
 * a report reads from memory: decoded objects took 6.5 bytes of heap per character of their JSON
 * and made every full collection walk millions of small objects; packed, a bucket is one block
 * the collector does not look into, about 1.3 bytes per character with its holder.
 *
 * Layout: the number of layouts, then per layout its code, n, noPrice, noArea and its
 * histograms, each as its number of keys followed by (key, count) pairs in ascending key order.
 */
export class PackedCells {
  private constructor(private readonly data: Int32Array) {}

  static of(cells: BucketCells): PackedCells {
    const layouts = Object.entries(cells) as Array<[Layout, NonNullable<BucketCells[Layout]>]>;
    const histograms = layouts.map(([, c]) => [...Array.from({ length: BANDS }, (_, b) => c.ppm[b] ?? {}), c.price, c.ended, c.listedSince].map(sortedPairs));
    let words = 1;
    for (const hs of histograms) words += LAYOUT_HEAD + hs.reduce((sum, pairs) => sum + 1 + pairs.length, 0);
    const data = new Int32Array(words);
    let at = 0;
    data[at++] = layouts.length;
    layouts.forEach(([layout, c], i) => {
      data[at++] = CODE.get(layout) ?? CODE.get('unknown')!;
      data[at++] = c.n;
      data[at++] = c.noPrice;
      data[at++] = c.noArea;
      for (const pairs of histograms[i]) {
        data[at++] = pairs.length / 2;
        data.set(pairs, at);
        at += pairs.length;
      }
    });
    return new PackedCells(data);
  }

  /** Memory the copy takes, for the cache's bound. */
  get bytes(): number {
    return this.data.byteLength + OBJECT_BYTES;
  }

  /** Offers per layout. */
  layoutCounts(): LayoutCounts {
    const out: LayoutCounts = {};
    const d = this.data;
    let at = 1;
    for (let i = 0; i < d[0]; i++) {
      out[LAYOUTS[d[at]]] = d[at + 1];
      at += LAYOUT_HEAD;
      for (let h = 0; h < HISTOGRAMS; h++) at += 1 + 2 * d[at];
    }
    return out;
  }

  /**
   * The cells of the chosen layouts (all when none is chosen) of several buckets summed into one
   * dense cell, with their offers per layout: one pass finds each histogram's key range, a second
   * adds into arrays of that size.
   */
  static sum(buckets: readonly PackedCells[], layouts: readonly Layout[]): DenseCell & { byLayout: LayoutCounts } {
    const wanted = layouts.length === 0 ? null : new Set(layouts.map((l) => CODE.get(l)));
    const lo = new Array<number>(HISTOGRAMS).fill(Infinity);
    const hi = new Array<number>(HISTOGRAMS).fill(-Infinity);
    const out = { n: 0, noPrice: 0, noArea: 0 };
    const perLayout = new Int32Array(LAYOUTS.length);
    const chosen: Array<{ data: Int32Array; at: number }> = [];
    for (const { data } of buckets) {
      let at = 1;
      for (let i = 0; i < data[0]; i++) {
        const head = at;
        at += LAYOUT_HEAD;
        const take = wanted === null || wanted.has(data[head]);
        if (take) {
          chosen.push({ data, at: head });
          out.n += data[head + 1];
          out.noPrice += data[head + 2];
          out.noArea += data[head + 3];
          perLayout[data[head]] += data[head + 1];
        }
        for (let h = 0; h < HISTOGRAMS; h++) {
          const keys = data[at];
          if (take && keys > 0) {
            lo[h] = Math.min(lo[h], data[at + 1]);
            hi[h] = Math.max(hi[h], data[at + 2 * keys - 1]);
          }
          at += 1 + 2 * keys;
        }
      }
    }
    const sums: Dense[] = lo.map((l, h) => (l > hi[h] ? { lo: 0, counts: new Int32Array(0) } : { lo: l, counts: new Int32Array(hi[h] - l + 1) }));
    for (const { data, at: head } of chosen) {
      let at = head + LAYOUT_HEAD;
      for (let h = 0; h < HISTOGRAMS; h++) {
        const keys = data[at++];
        const { lo: from, counts } = sums[h];
        for (let k = 0; k < keys; k++, at += 2) counts[data[at] - from] += data[at + 1];
      }
    }
    const byLayout: LayoutCounts = {};
    perLayout.forEach((n, code) => n !== 0 && (byLayout[LAYOUTS[code]] = n));
    return { ...out, ppm: sums.slice(0, BANDS), price: sums[PRICE], ended: sums[ENDED], listedSince: sums[LISTED_SINCE], byLayout };
  }
}

/** A histogram's (key, count) pairs in ascending key order. */
function sortedPairs(counts: Record<string, number>): Int32Array {
  const keys = Object.keys(counts).map(Number).sort((a, b) => a - b);
  const out = new Int32Array(keys.length * 2);
  keys.forEach((k, i) => {
    out[2 * i] = k;
    out[2 * i + 1] = counts[k];
  });
  return out;
}
