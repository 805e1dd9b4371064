import { hasTrend, trendSeries } from './trend';

const month = (m: string, ppm: number | null, price: number | null = null, n = 10) => ({ month: m, n, medianPricePerM2: ppm, medianPrice: price });

describe('the price trend', () => {
  it('puts months in order and keeps a month without a median as a gap', () => {
    expect(trendSeries([month('2026-10', 101_000.4, 5_000_000), month('2026-08', 98_000), month('2026-09', null)])).toEqual({
      months: ['2026-08', '2026-09', '2026-10'], x: [0, 1, 2], pricePerM2: [98_000, null, 101_000], price: [null, null, 5_000_000],
    });
  });

  it('is drawn from two months with a median up', () => {
    expect(hasTrend([month('2026-10', 100_000)])).toBe(false);
    expect(hasTrend([month('2026-09', null), month('2026-10', 100_000)])).toBe(false);
    expect(hasTrend([month('2026-09', 99_000), month('2026-10', 100_000)])).toBe(true);
  });
});
