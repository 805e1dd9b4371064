import type { OfferFact } from './offer-fact';
import { widenUntilEnough } from './radius';
import { buildReport, outlierIds } from './report';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-20T00:00:00Z');
let seq = 0;
function fact(over: Partial<OfferFact> = {}): OfferFact {
  const publishedAt = over.publishedAt ?? NOW - 10 * DAY;
  return {
    offerId: `o${++seq}`, adType: 'Sale', realEstateType: 'Apartment', dispositionLabel: '2+kk', area: 50, price: 5_000_000,
    lat: 50.08, lon: 14.42, regionCode: 'CZ010', districtCode: 'CZ0100', municipalityCode: '554782', pragueDistrictCode: 'PRAHA-2',
    publishedAt, publishedMonth: new Date(publishedAt).toISOString().slice(0, 7), withdrawnAt: null, seenAt: publishedAt, ...over,
  };
}

describe('outlierIds', () => {
  it('trims a price per m² far outside its area band but keeps small units that ask more per m²', () => {
    const normal = Array.from({ length: 20 }, (_, i) => fact({ area: 70, price: 7_000_000 + i * 50_000 }));
    const small = Array.from({ length: 6 }, (_, i) => fact({ area: 25, price: 4_000_000 + i * 40_000 })); // 160 k/m²
    const typo = fact({ area: 70, price: 700_000 }); // a missing zero
    const out = outlierIds([...normal, ...small, typo]);
    expect([...out]).toEqual([typo.offerId]);
  });
});

describe('buildReport', () => {
  it('reports median, quartiles, the median interval and type shares for a full sample', () => {
    const facts = Array.from({ length: 40 }, (_, i) => fact({ price: 4_000_000 + i * 100_000, dispositionLabel: i < 30 ? '2+kk' : '3+1' }));
    facts.push(fact({ price: null }), fact({ area: null }), fact({ realEstateType: 'House', area: 120, price: 12_000_000 }));
    const report = buildReport(facts, NOW);
    expect(report.status).toBe('ok');
    expect(report.n).toBe(43);
    expect(report.excluded).toEqual({ noPrice: 1, noArea: 1, outliers: 0 });
    expect(report.pricePerM2!.n).toBe(41);
    expect(report.pricePerM2!.median).toBe(118_000); // 80 k … 158 k in steps of 2 k plus the house's 100 k: the 21st of 41
    expect(report.pricePerM2!.ci!.low).toBeLessThan(118_000);
    expect(report.pricePerM2!.ci!.high).toBeGreaterThan(118_000);
    expect(report.realEstateTypes).toEqual({ Apartment: 42, House: 1 });
    expect(report.dispositions).toEqual({ '2+kk': 33, '3+1': 10 });
  });

  it('gives counts but no figures below 30 offers', () => {
    const report = buildReport(Array.from({ length: 29 }, () => fact()), NOW);
    expect(report.status).toBe('notEnoughData');
    expect(report.price).toBeNull();
    expect(report.pricePerM2).toBeNull();
    expect(report.n).toBe(29);
    expect(buildReport([], NOW)).toMatchObject({ status: 'notEnoughData', n: 0, monthly: [] });
  });

  it('builds a monthly median series in month order', () => {
    const facts = [
      ...Array.from({ length: 3 }, () => fact({ publishedAt: Date.parse('2026-10-05T00:00:00Z'), price: 4_000_000 })),
      ...Array.from({ length: 3 }, () => fact({ publishedAt: Date.parse('2026-09-05T00:00:00Z'), price: 3_000_000 })),
    ];
    expect(buildReport(facts, NOW).monthly).toEqual([
      { month: '2026-09', n: 3, medianPricePerM2: 60_000, medianPrice: 3_000_000 },
      { month: '2026-10', n: 3, medianPricePerM2: 80_000, medianPrice: 4_000_000 },
    ]);
  });

  it('counts days on market to withdrawal and censors offers still listed', () => {
    const facts = [fact({ publishedAt: NOW - 20 * DAY, withdrawnAt: NOW - 10 * DAY }), fact({ publishedAt: NOW - 5 * DAY })];
    expect(buildReport(facts, NOW).daysOnMarket).toEqual({ medianDays: 10, ended: 1, censored: 1 });
  });
});

describe('widenUntilEnough', () => {
  it('stops at the first radius whose sample reaches 30', async () => {
    const counts: Record<number, number> = { 0: 5, 2: 12, 5: 31, 10: 80 };
    const asked: number[] = [];
    const w = await widenUntilEnough((r) => { asked.push(r); return Array.from({ length: counts[r] ?? 100 }, (_, i) => i); });
    expect(w).toMatchObject({ radiusKm: 5, reachedMinimum: true });
    expect(w.sample).toHaveLength(31);
    expect(asked).toEqual([0, 2, 5]);
  });

  it('returns the capped sample with reachedMinimum false in an empty region', async () => {
    const w = await widenUntilEnough(() => [1, 2]);
    expect(w).toEqual({ radiusKm: 30, sample: [1, 2], reachedMinimum: false });
  });
});
