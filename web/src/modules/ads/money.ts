import type { Locale } from '@rr/proto';
import { PRAGUE_TIME_ZONE } from '@rr/proto';

const tag = (locale: Locale) => (locale === 'cs' ? 'cs-CZ' : 'en-GB');

/** Haléře (the ad service's and billing's unit) as Kč: `0,50 Kč` per view, `2 500 Kč` per week. */
export const formatHalere = (halere: number, locale: Locale) =>
  new Intl.NumberFormat(tag(locale), { style: 'currency', currency: 'CZK', minimumFractionDigits: halere % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(halere / 100);

/** Click-through rate of net views, in per cent with two decimals. */
export const ctrOf = (clicks: number, views: number) => (views > 0 ? (100 * clicks) / views : 0);

export const formatPercent = (value: number, locale: Locale) =>
  `${new Intl.NumberFormat(tag(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} %`;

/** A Prague calendar day (YYYY-MM-DD), the unit of the ad service's report. */
export const pragueDay = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: PRAGUE_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(ms));
