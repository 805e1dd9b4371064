import { exampleOffer } from '@rr/proto/examples';
import { estimatePrice, MIN_COMPARABLES } from './estimate';
import { factFromOffer, type OfferFact } from './offer-fact';
import { contribute, type BucketCells } from './price-bucket';

const flat = (n: number, overrides: Partial<OfferFact>): OfferFact => ({ ...factFromOffer(exampleOffer), offerId: `o${n}`, ...overrides });

function cellsOf(facts: OfferFact[]): BucketCells {
  const cells: BucketCells = {};
  for (const f of facts) contribute(cells, f, 1);
  return cells;
}

describe('estimatePrice', () => {
  const subject = { dispositionLabel: '2+kk' as const, area: 55 };

  it('prices the offer at the comparables\' median per m² times its area, with the quartiles as the range', () => {
    const ppms = [90_000, 95_000, 98_000, 100_000, 100_000, 102_000, 105_000, 110_000, 400_000];
    const here = cellsOf(ppms.map((ppm, i) => flat(i, { dispositionLabel: '2+kk', area: 50, price: ppm * 50 })));
    const e = estimatePrice(subject, [{ radiusKm: 0, buckets: [here] }])!;
    // 400,000 per m² is trimmed as an outlier; the median of the other eight lies between 100,000 and 100,000.
    expect(e.comparables).toBe(8);
    expect(e.pricePerM2 / 100_000).toBeCloseTo(1, 2);
    expect(e.price / (100_000 * 55)).toBeCloseTo(1, 2);
    expect(e.low).toBeLessThan(e.price);
    expect(e.high).toBeGreaterThan(e.price);
    expect(e).toMatchObject({ radiusKm: 0, sameLayout: true, sameAreaBand: true });
  });

  it('takes nearer offers of another layout before farther offers of the same layout', () => {
    const near = cellsOf(Array.from({ length: MIN_COMPARABLES }, (_, i) => flat(i, { dispositionLabel: '3+1', area: 58, price: 58 * 60_000 })));
    const far = cellsOf(Array.from({ length: 20 }, (_, i) => flat(100 + i, { dispositionLabel: '2+kk', area: 55, price: 55 * 90_000 })));
    const e = estimatePrice(subject, [{ radiusKm: 0, buckets: [near] }, { radiusKm: 5, buckets: [near, far] }])!;
    expect(e).toMatchObject({ radiusKm: 0, sameLayout: false, sameAreaBand: true });
    expect(e.pricePerM2 / 60_000).toBeCloseTo(1, 2);
  });

  it('widens to the first step with enough comparables', () => {
    const few = cellsOf([flat(1, { dispositionLabel: '2+kk', area: 55, price: 55 * 70_000 })]);
    const many = cellsOf(Array.from({ length: 12 }, (_, i) => flat(i, { dispositionLabel: '2+kk', area: 52, price: 52 * 80_000 })));
    // Twelve equal prices leave no spread: the one at 70,000 falls outside the fences.
    const e = estimatePrice(subject, [{ radiusKm: 0, buckets: [few] }, { radiusKm: 2, buckets: [few, many] }])!;
    expect(e).toMatchObject({ radiusKm: 2, comparables: 12 });
    expect(Math.abs(e.pricePerM2 / 80_000 - 1)).toBeLessThan(0.0026); // within half a 0.5 % bin
  });

  it('gives no estimate without an area or without enough comparables anywhere', () => {
    const few = cellsOf([flat(1, { dispositionLabel: '2+kk', area: 55, price: 55 * 70_000 })]);
    expect(estimatePrice({ dispositionLabel: '2+kk', area: null }, [{ radiusKm: 0, buckets: [few] }])).toBeNull();
    expect(estimatePrice(subject, [{ radiusKm: 0, buckets: [few] }, { radiusKm: 30, buckets: [few] }])).toBeNull();
  });
});
