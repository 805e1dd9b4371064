import { exampleOffer } from '@rr/proto/examples';
import { factFromOffer, type OfferFact } from './offer-fact';
import { contribute, expandBins, mergeCells, type BucketCells } from './price-bucket';
import { quantileSorted } from './statistics';

const fact = (over: Partial<OfferFact>): OfferFact => ({ ...factFromOffer(exampleOffer), ...over });

describe('price buckets', () => {
  it('keeps percentiles of price per m² within a quarter of a per cent', () => {
    const cells: BucketCells = {};
    const ppms: number[] = [];
    for (let i = 0; i < 500; i++) {
      const price = 3_000_000 + i * 7_919;
      contribute(cells, fact({ offerId: `o${i}`, price, area: 55 }), 1);
      ppms.push(price / 55);
    }
    const merged = mergeCells([cells]);
    const approx = expandBins(merged.ppm['1']);
    const exact = ppms.sort((a, b) => a - b);
    for (const p of [0.25, 0.5, 0.75]) {
      expect(Math.abs(quantileSorted(approx, p)! / quantileSorted(exact, p)! - 1)).toBeLessThan(0.003);
    }
  });

  it('returns to empty when an offer is removed and re-added with a new price', () => {
    const cells: BucketCells = {};
    const before = fact({ price: 5_000_000 });
    const after = fact({ price: 4_500_000, withdrawnAt: before.publishedAt + 3 * 86_400_000 });
    contribute(cells, before, 1);
    contribute(cells, before, -1);
    contribute(cells, after, 1);
    const merged = mergeCells([cells]);
    expect(merged.n).toBe(1);
    expect(merged.ended).toEqual({ 3: 1 });
    expect(merged.listedSince).toEqual({});
    contribute(cells, after, -1);
    expect(cells).toEqual({});
  });

  it('merges only the chosen layouts and counts offers without price or area', () => {
    const cells: BucketCells = {};
    contribute(cells, fact({ dispositionLabel: '2+kk' }), 1);
    contribute(cells, fact({ dispositionLabel: '3+1', price: null }), 1);
    contribute(cells, fact({ dispositionLabel: '3+1', area: null }), 1);
    expect(mergeCells([cells], ['3+1'])).toMatchObject({ n: 2, noPrice: 1, noArea: 1 });
    expect(mergeCells([cells, cells]).n).toBe(6);
  });
});
