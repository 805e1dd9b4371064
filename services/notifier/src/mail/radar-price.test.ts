import { radarPriceLine as line } from './radar-price';

// Czech groups digits and parts a percent with no-break spaces: compared as plain spaces here.
const radarPriceLine = (...args: Parameters<typeof line>) => line(...args)?.replace(/\u00a0/g, ' ') ?? null;

const sale = { adType: 'Sale' as const };
const estimate = { price: 5_000_000, low: 4_600_000, high: 5_500_000 };

describe('radarPriceLine', () => {
  it('says how far below or above the estimate the offer is, in words of each locale', () => {
    expect(radarPriceLine(sale, { ...estimate, difference: -0.04 }, 'cs')).toBe('RadarPrice 5 000 000 Kč · o 4 % pod odhadem (obvykle 4 600 000 – 5 500 000 Kč)');
    expect(radarPriceLine(sale, { ...estimate, difference: 0.12 }, 'en')).toBe('RadarPrice 5,000,000 Kč · 12% above the estimate (usually 4,600,000 – 5,500,000 Kč)');
  });

  it('reads a difference under half a percent as in line, and leaves the verdict out without an offer price', () => {
    expect(radarPriceLine(sale, { ...estimate, difference: 0.004 }, 'cs')).toContain('v úrovni odhadu');
    expect(radarPriceLine(sale, { ...estimate, difference: null }, 'en')).toBe('RadarPrice 5,000,000 Kč (usually 4,600,000 – 5,500,000 Kč)');
  });

  it('prices a rental per month and shows nothing without an estimate', () => {
    expect(radarPriceLine({ adType: 'Rent' }, { price: 18_000, low: 16_000, high: 20_000, difference: -0.1 }, 'cs')).toMatch(/^RadarPrice 18 000 Kč za měsíc · o 10 % pod odhadem/);
    expect(radarPriceLine(sale, null, 'cs')).toBeNull();
  });
});
