import { bedsCount, escapeHtml, formatPrice, offersCount } from './format';

const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');

describe('e-mail formatting', () => {
  it('writes Czech prices grouped by spaces with Kč', () => {
    expect(nbsp(formatPrice({ price: 1_250_000, adType: 'Sale' }, 'cs'))).toBe('1 250 000 Kč');
  });

  it('adds "za měsíc" to rentals', () => {
    expect(nbsp(formatPrice({ price: 25_000, adType: 'Rent' }, 'cs'))).toBe('25 000 Kč za měsíc');
    expect(formatPrice({ price: 25_000, adType: 'Rent' }, 'en')).toBe('25,000 Kč per month');
  });

  it('says when the price is missing', () => {
    expect(formatPrice({ price: null, adType: 'Sale' }, 'cs')).toBe('Žádné informace o ceně');
  });

  it('uses the Czech plural forms one, few and other', () => {
    expect([1, 3, 5].map((n) => offersCount('cs', n))).toEqual(['1 nová nabídka', '3 nové nabídky', '5 nových nabídek']);
    expect([1, 2, 7].map((n) => bedsCount('cs', n))).toEqual(['1 lůžko', '2 lůžka', '7 lůžek']);
    expect(offersCount('en', 2)).toBe('2 new offers');
  });

  it('escapes markup in listing texts', () => {
    expect(escapeHtml('<b>"A&B"</b>')).toBe('&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;');
  });
});
