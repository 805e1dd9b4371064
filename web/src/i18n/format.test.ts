import { formatArea, formatDistance, formatNumber, formatPrice, formatRelative, pluralCategory } from './format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters', () => {
  it('prints prices with Kč in Czech and CZK in English', () => {
    expect(plain(formatPrice(1250000, 'cs'))).toBe('1 250 000 Kč');
    expect(plain(formatPrice(1250000, 'en'))).toBe('CZK 1,250,000');
  });

  it('formats numbers and areas per locale', () => {
    expect(plain(formatNumber(12345.678, 'cs', 1))).toBe('12 345,7');
    expect(formatNumber(12345.678, 'en', 1)).toBe('12,345.7');
    expect(plain(formatArea(1500, 'cs'))).toBe('1 500 m²');
  });

  it('uses metres below a kilometre and kilometres above', () => {
    expect(plain(formatDistance(850, 'cs'))).toBe('850 m');
    expect(plain(formatDistance(2340, 'cs'))).toBe('2,3 km');
    expect(formatDistance(2340, 'en')).toBe('2.3 km');
    expect(formatDistance(23400, 'en')).toBe('23 km');
  });

  it('tells relative time in the largest unit', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(formatRelative('2025-03-10T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatRelative('2025-03-10T11:55:00Z', 'cs', now)).toBe('před 5 minutami');
    expect(formatRelative('2025-02-24T12:00:00Z', 'en', now)).toBe('2 weeks ago');
    expect(formatRelative('2024-03-01T12:00:00Z', 'en', now)).toBe('last year');
    expect(formatRelative('2025-03-10T11:59:40Z', 'en', now)).toBe('this minute');
  });

  it('knows the Czech plural categories', () => {
    expect([1, 2, 4, 5, 0].map((n) => pluralCategory(n, 'cs'))).toEqual(['one', 'few', 'few', 'other', 'other']);
    expect([1, 2].map((n) => pluralCategory(n, 'en'))).toEqual(['one', 'other']);
  });
});
