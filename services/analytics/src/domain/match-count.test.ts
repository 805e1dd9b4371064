import { exampleOffer } from '@rr/proto/examples';
import type { StoredBucket } from './bucket-report';
import { monthlyMatchCounts, perMonth } from './match-count';
import { factFromOffer } from './offer-fact';
import { contribute, type BucketCells } from './price-bucket';

function bucket(month: string, prices: (number | null)[], layout: '2+kk' | '3+1' = '2+kk'): StoredBucket {
  const cells: BucketCells = {};
  prices.forEach((price, i) => contribute(cells, { ...factFromOffer(exampleOffer), offerId: `${month}-${i}`, price, dispositionLabel: layout }, 1));
  return { realEstateType: 'Apartment', month, cells };
}

describe('monthlyMatchCounts', () => {
  const buckets = [bucket('2026-09', [4e6, 5e6, 6e6, null]), bucket('2026-09', [5.5e6], '3+1'), bucket('2026-10', [3e6, 7e6])];

  it('counts every offer of the chosen layouts per month without a price range', () => {
    expect(monthlyMatchCounts(buckets, [], { priceFrom: null, priceTo: null })).toEqual([{ month: '2026-09', n: 5 }, { month: '2026-10', n: 2 }]);
    expect(monthlyMatchCounts(buckets, ['3+1'], { priceFrom: null, priceTo: null })).toEqual([{ month: '2026-09', n: 1 }, { month: '2026-10', n: 0 }]);
  });

  it('counts only priced offers within the range, bounds included', () => {
    expect(monthlyMatchCounts(buckets, ['2+kk'], { priceFrom: 4e6, priceTo: 6e6 })).toEqual([{ month: '2026-09', n: 3 }, { month: '2026-10', n: 0 }]);
    expect(monthlyMatchCounts(buckets, [], { priceFrom: null, priceTo: 3.5e6 })).toEqual([{ month: '2026-09', n: 0 }, { month: '2026-10', n: 1 }]);
  });

  it('averages over the full months, leaving the month in progress out', () => {
    expect(perMonth([{ month: '2026-08', n: 30 }, { month: '2026-09', n: 50 }, { month: '2026-11', n: 5 }], '2026-11', ['2026-08', '2026-09', '2026-10', '2026-11'])).toBe(27);
  });
});
