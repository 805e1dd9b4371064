import type { Locale } from '@rr/proto';

/** Everything numeric a person reads goes through Intl for their locale (spec §9, STYLE "Web"). */
const tag = (locale: Locale) => (locale === 'cs' ? 'cs-CZ' : 'en-GB');

export const formatNumber = (value: number, locale: Locale, digits = 0) =>
  new Intl.NumberFormat(tag(locale), { maximumFractionDigits: digits }).format(value);

/** `1 250 000 Kč` in Czech, `CZK 1,250,000` in English; rentals get the monthly suffix from the caller. */
export const formatPrice = (value: number, locale: Locale) =>
  new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'CZK', maximumFractionDigits: 0 }).format(value);

export const formatArea = (value: number, locale: Locale) => `${formatNumber(value, locale)} m²`;

export const formatDate = (iso: string | Date, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { day: 'numeric', month: 'numeric', year: 'numeric' }).format(new Date(iso));

export const formatDateTime = (iso: string | Date, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { day: 'numeric', month: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** Relative time in the largest whole unit (years … minutes); under a minute reads as "now". */
export function formatRelative(iso: string | Date, locale: Locale, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  const rtf = new Intl.RelativeTimeFormat(tag(locale), { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(0, 'minute');
}

/** Metres below one kilometre, kilometres (one decimal under 10 km) above. */
export function formatDistance(metres: number, locale: Locale): string {
  if (metres < 1000) {
    return new Intl.NumberFormat(tag(locale), { style: 'unit', unit: 'meter', maximumFractionDigits: 0 }).format(Math.round(metres));
  }
  const km = metres / 1000;
  return new Intl.NumberFormat(tag(locale), { style: 'unit', unit: 'kilometer', maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
}

export function pluralCategory(count: number, locale: Locale): 'one' | 'few' | 'other' {
  const category = new Intl.PluralRules(tag(locale)).select(count);
  return category === 'one' || category === 'few' ? category : 'other';
}
