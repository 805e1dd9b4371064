import { exampleOffer } from '@rr/proto/examples';
import type { DispositionLabel } from '@rr/proto';
import type { Dense } from './dense-cell';
import { factFromOffer, type OfferFact } from './offer-fact';
import { PackedCells } from './packed-cells';
import { contribute, layoutCountsOf, mergeCells, type BucketCells } from './price-bucket';

const fact = (over: Partial<OfferFact>): OfferFact => ({ ...factFromOffer(exampleOffer), ...over });
const DAY = 86_400_000;
const LAYOUTS: Array<DispositionLabel | null> = ['1+kk', '2+kk', '3+1', null];

/** A bucket of `n` offers of mixed layouts, areas, prices (some missing) and fates, from a seed. */
function bucket(seed: number, n: number): BucketCells {
  const cells: BucketCells = {};
  for (let i = 0; i < n; i++) {
    const k = seed * 7_919 + i * 104_729;
    const published = Date.UTC(2026, 8, 1) + (k % 60) * DAY;
    contribute(cells, fact({
      offerId: `o${seed}-${i}`,
      dispositionLabel: LAYOUTS[k % LAYOUTS.length],
      area: k % 17 === 0 ? null : 25 + (k % 140),
      price: k % 23 === 0 ? null : 1_500_000 + (k % 9_000) * 1_013,
      publishedAt: published,
      withdrawnAt: k % 3 === 0 ? published + (k % 90) * DAY : null,
    }), 1);
  }
  return cells;
}

/** A histogram's keys with offers, as the stored form writes them. */
function entries(d: Dense): Record<string, number> {
  const out: Record<string, number> = {};
  d.counts.forEach((c, i) => c !== 0 && (out[d.lo + i] = c));
  return out;
}

describe('packed bucket cells', () => {
  const buckets = [bucket(1, 300), bucket(2, 40), bucket(3, 1), {}];

  it.each([[[]], [['2+kk']], [['1+kk', 'unknown']], [['5+1']]] as Array<[Array<DispositionLabel | 'unknown'>]>)('sums the layouts %j of several buckets as the decoded cells do', (layouts) => {
    const packed = PackedCells.sum(buckets.map(PackedCells.of), layouts);
    const decoded = mergeCells(buckets, layouts);
    expect({ n: packed.n, noPrice: packed.noPrice, noArea: packed.noArea }).toEqual({ n: decoded.n, noPrice: decoded.noPrice, noArea: decoded.noArea });
    expect(entries(packed.price)).toEqual(decoded.price);
    expect(entries(packed.ended)).toEqual(decoded.ended);
    expect(entries(packed.listedSince)).toEqual(decoded.listedSince);
    packed.ppm.forEach((band, b) => expect(entries(band)).toEqual(decoded.ppm[b] ?? {}));
  });

  it('answers the offers per layout, and nothing for an empty bucket', () => {
    expect(PackedCells.of(buckets[0]).layoutCounts()).toEqual(layoutCountsOf(buckets[0]));
    expect(PackedCells.of({}).layoutCounts()).toEqual({});
    expect(PackedCells.sum([PackedCells.of({})], [])).toMatchObject({ n: 0, price: { counts: new Int32Array(0) } });
  });

  it('takes about four bytes per stored number, far less than the decoded objects', () => {
    const cells = buckets[0];
    const numbers = JSON.stringify(cells).match(/-?\d+/g)!.length;
    expect(PackedCells.of(cells).bytes).toBeLessThan(numbers * 4 + 600);
  });
});
