import { exampleOffer } from '@rr/proto/examples';
import { reportFromBuckets, type StoredBucket } from './bucket-report';
import { referenceReportFromBuckets } from './bucket-report.reference';
import { factFromOffer, type OfferFact } from './offer-fact';
import { contribute, type BucketCells } from './price-bucket';
import { buildReport } from './report';

const NOW = Date.parse('2026-11-20T00:00:00Z');
const DAY = 86_400_000;

function market(): OfferFact[] {
  const facts: OfferFact[] = [];
  for (let i = 0; i < 120; i++) {
    const publishedAt = NOW - (5 + (i % 80)) * DAY;
    facts.push({
      ...factFromOffer(exampleOffer), offerId: `o${i}`, publishedAt, publishedMonth: new Date(publishedAt).toISOString().slice(0, 7),
      price: i === 7 ? 400_000 : 3_000_000 + ((i * 7919) % 4_000_000), area: 30 + (i % 70), dispositionLabel: i % 3 ? '2+kk' : '3+1',
      realEstateType: i % 10 === 0 ? 'House' : 'Apartment', withdrawnAt: i % 4 === 0 ? publishedAt + (i % 30) * DAY : null,
    });
  }
  return facts;
}

function bucketsOf(facts: OfferFact[]): StoredBucket[] {
  const byKey = new Map<string, StoredBucket>();
  for (const f of facts) {
    const key = `${f.realEstateType}|${f.publishedMonth}`;
    const b = byKey.get(key) ?? { realEstateType: f.realEstateType, month: f.publishedMonth, cells: {} as BucketCells };
    contribute(b.cells, f, 1);
    byKey.set(key, b);
  }
  return [...byKey.values()];
}

describe('reportFromBuckets', () => {
  it('agrees with the exact report over the same offers to bin precision', () => {
    const facts = market();
    const exact = buildReport(facts.filter((f) => f.realEstateType === 'Apartment'), NOW);
    const fromBuckets = reportFromBuckets(bucketsOf(facts), 'Apartment', [], NOW);
    expect(fromBuckets.n).toBe(exact.n);
    expect(fromBuckets.excluded).toEqual(exact.excluded);
    expect(fromBuckets.daysOnMarket).toEqual(exact.daysOnMarket);
    expect(fromBuckets.dispositions).toEqual(exact.dispositions);
    expect(fromBuckets.realEstateTypes).toEqual({ Apartment: 108, House: 12 });
    for (const k of ['median', 'p25', 'p75'] as const) {
      expect(Math.abs(fromBuckets.pricePerM2![k] / exact.pricePerM2![k] - 1)).toBeLessThan(0.003);
      expect(Math.abs(fromBuckets.price![k] / exact.price![k] - 1)).toBeLessThan(0.003);
    }
    expect(fromBuckets.monthly.map((m) => [m.month, m.n])).toEqual(exact.monthly.map((m) => [m.month, m.n]));
  });

  it('counts the reported type from the buckets it read when the counts lag behind them', () => {
    // The counts name 100 flats (filed a moment after the buckets, which hold 108) and the houses.
    const report = reportFromBuckets(bucketsOf(market()).filter((b) => b.realEstateType === 'Apartment'), 'Apartment', [], NOW, { Apartment: 100, House: 12 });
    expect(report.realEstateTypes).toEqual({ Apartment: 108, House: 12 });
    expect(Object.values(report.dispositions).reduce((a, b) => a + b!, 0)).toBe(108);
    expect(reportFromBuckets([], 'Apartment', [], NOW, { Apartment: 3, House: 12 }).realEstateTypes).toEqual({ House: 12 });
  });

  it('says not enough data for a layout with few offers', () => {
    expect(reportFromBuckets(bucketsOf(market()), 'House', ['3+1'], NOW)).toMatchObject({ status: 'notEnoughData', price: null });
  });

  it('equals the key-by-key computation exactly: several cells a month (a radius), layout filters, every window', () => {
    // Four grid cells' buckets a month over 14 months, offers of every layout, some without price or area.
    const facts = market().flatMap((f, i) => [0, 1, 2, 3].map((cell) => ({
      ...f, offerId: `${f.offerId}-${cell}`, publishedAt: f.publishedAt - (i % 14) * 30 * DAY, publishedMonth: new Date(f.publishedAt - (i % 14) * 30 * DAY).toISOString().slice(0, 7),
      dispositionLabel: (['1+kk', '2+kk', '3+1', null] as const)[(i + cell) % 4], price: (i + cell) % 17 === 0 ? null : f.price! * (1 + cell / 10), area: (i + cell) % 13 === 0 ? null : f.area,
    })));
    const buckets = [0, 1, 2, 3].flatMap((cell) => bucketsOf(facts.filter((f) => f.offerId.endsWith(`-${cell}`))).map((b) => ({ ...b, placeKey: `g2:${cell}` })));
    const filters: (readonly ('1+kk' | '2+kk' | '3+1' | 'unknown')[])[] = [[], ['2+kk'], ['1+kk', '3+1'], ['unknown'], ['2+kk', '2+kk']];
    for (const layouts of filters) {
      for (const type of ['Apartment', 'House'] as const) {
        for (const months of [1, 3, 14]) {
          const window = buckets.filter((b) => b.month >= new Date(NOW - months * 31 * DAY).toISOString().slice(0, 7));
          // Twice: the second from the dense forms kept on the (cached) cells.
          for (let round = 0; round < 2; round++) expect(reportFromBuckets(window, type, layouts, NOW)).toEqual(referenceReportFromBuckets(window, type, layouts, NOW));
        }
      }
    }
  });
});
