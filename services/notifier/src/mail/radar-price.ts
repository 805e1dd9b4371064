import type { Locale, Offer } from '@rr/proto';
import type { AlertEstimate } from './estimate-client';
import { escapeHtml, formatNumber, formatPrice } from './format';

/** Differences within half a percent read as "in line with the estimate". */
const SAME_WITHIN = 0.005;

const T = {
  cs: { label: 'RadarPrice', below: (p: string) => `o ${p} pod odhadem`, above: (p: string) => `o ${p} nad odhadem`, same: 'v úrovni odhadu', range: 'obvykle' },
  en: { label: 'RadarPrice', below: (p: string) => `${p} below the estimate`, above: (p: string) => `${p} above the estimate`, same: 'in line with the estimate', range: 'usually' },
} as const;

const percent = (share: number, locale: Locale) => new Intl.NumberFormat(locale === 'cs' ? 'cs-CZ' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 }).format(share);

/** "RadarPrice 5 200 000 Kč · o 4 % pod odhadem (obvykle 4 900 000 Kč – 5 600 000 Kč)", or null without an estimate. */
export function radarPriceLine(offer: Pick<Offer, 'adType'>, estimate: AlertEstimate | null | undefined, locale: Locale): string | null {
  if (!estimate) return null;
  const t = T[locale];
  const price = (value: number) => formatPrice({ adType: offer.adType, price: Math.round(value) }, locale);
  const d = estimate.difference;
  const verdict = d == null ? null : Math.abs(d) < SAME_WITHIN ? t.same : d < 0 ? t.below(percent(-d, locale)) : t.above(percent(d, locale));
  return `${t.label} ${price(estimate.price)}${verdict ? ` · ${verdict}` : ''} (${t.range} ${formatNumber(Math.round(estimate.low), locale)} – ${formatNumber(Math.round(estimate.high), locale)} Kč)`;
}

export function radarPriceHtml(offer: Pick<Offer, 'adType'>, estimate: AlertEstimate | null | undefined, locale: Locale): string {
  const line = radarPriceLine(offer, estimate, locale);
  return line ? `<div style="font-size:13px;color:#444;margin-top:4px">${escapeHtml(line)}</div>` : '';
}
