import type { AdType, Locale, Offer } from '@rr/proto';

const LOCALE_TAG: Record<Locale, string> = { cs: 'cs-CZ', en: 'en-GB' };
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** Grouped per locale: "1 250 000" in Czech (with no-break spaces), "1,250,000" in English. */
export function formatNumber(value: number, locale: Locale): string {
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(LOCALE_TAG[locale], { maximumFractionDigits: 0 })));
  return format.format(value);
}

const isRental = (adType: AdType) => adType === 'Rent' || adType === 'Roommates';

/** "1 250 000 Kč", rentals "25 000 Kč za měsíc"; offers without a price say so. */
export function formatPrice(offer: Pick<Offer, 'price' | 'adType'>, locale: Locale): string {
  if (offer.price == null) return locale === 'cs' ? 'Žádné informace o ceně' : 'No price information';
  const amount = `${formatNumber(offer.price, locale)} Kč`;
  if (!isRental(offer.adType)) return amount;
  return locale === 'cs' ? `${amount} za měsíc` : `${amount} per month`;
}

const PLURALS: Record<Locale, Intl.PluralRules> = { cs: new Intl.PluralRules('cs'), en: new Intl.PluralRules('en') };

/** Czech has one / few / other ("1 nabídka, 2 nabídky, 5 nabídek"); English one / other. */
export function plural(locale: Locale, count: number, forms: { one: string; few?: string; other: string }): string {
  const category = PLURALS[locale].select(count);
  const form = category === 'one' ? forms.one : category === 'few' ? forms.few ?? forms.other : forms.other;
  return form.replace('{n}', formatNumber(count, locale));
}

export const offersCount = (locale: Locale, n: number) =>
  locale === 'cs' ? plural('cs', n, { one: '{n} nová nabídka', few: '{n} nové nabídky', other: '{n} nových nabídek' }) : plural('en', n, { one: '{n} new offer', other: '{n} new offers' });

export const bedsCount = (locale: Locale, n: number) =>
  locale === 'cs' ? plural('cs', n, { one: '{n} lůžko', few: '{n} lůžka', other: '{n} lůžek' }) : plural('en', n, { one: '{n} bed', other: '{n} beds' });

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
