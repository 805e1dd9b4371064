import { lazy, Suspense } from 'react';
import type { Offer } from '@rr/proto';
import { useModuleT, useT } from '../../../i18n';
import { ANALYSIS_TEXT } from '../i18n';
import { formatNumber, formatPrice } from '../../../i18n/format';
import { useQuery } from '../../../lib/query';
import { AppLink } from '../../../ui/app-link';
import { analyticsApi } from '../api/analytics.api';
import { useSession } from '../../session/stores/session.store';
import { hasTrend } from '../trend';

const TrendChart = lazy(async () => ({ default: (await import('./trend-chart')).TrendChart }));

/** The offer against RadarPrice and its municipality's last 3 months: the offer page's widget. */
export function OfferPriceAnalysis({ offer }: { offer: Offer }) {
  const { t, locale } = useT();
  const tm = useModuleT(ANALYSIS_TEXT);
  const { data: estimate } = useQuery(`estimate:${offer.id}`, () => analyticsApi.estimate(offer.id));
  const municipality = offer.location.municipalityCode;
  // The tier's depth (days listed from Standard, the trend from Premium): a login asks again.
  const role = useSession((st) => st.user?.role ?? null);
  const { data: local } = useQuery(municipality ? `report:${role}:${municipality}:${offer.adType}:${offer.realEstateType}` : null, () =>
    analyticsApi.report({ placeKind: 'municipality', placeCode: municipality!, adType: offer.adType, realEstateType: offer.realEstateType }));
  const e = estimate?.estimate;
  const report = local?.report;
  if (!e && report?.status !== 'ok') return null;
  const pct = estimate?.difference != null ? Math.round(estimate.difference * 100) : null;
  return (
    <section className="price-analysis" data-testid="price-analysis" aria-label={tm('analysis.title')}>
      {e && (
        <p data-testid="radar-price">
          <strong>{tm('analysis.radarPrice')}: {formatPrice(e.price, locale)}</strong>{' '}
          {pct !== null && pct !== 0 && <span>({tm(pct < 0 ? 'analysis.below' : 'analysis.above', { pct: Math.abs(pct) })})</span>}
          <br />
          <span className="muted">{tm('analysis.range', { low: formatPrice(e.low, locale), high: formatPrice(e.high, locale) })} · {tm(e.radiusKm === 0 ? 'analysis.comparablesHere' : 'analysis.comparablesNear', { n: e.comparables, km: e.radiusKm })}</span>
        </p>
      )}
      {report?.status === 'ok' && report.pricePerM2 && (
        <p className="muted" data-testid="local-median">
          {tm('analysis.localMedian', { place: local!.place?.name ?? '', value: formatNumber(Math.round(report.pricePerM2.median), locale), n: report.n })}
          {report.daysOnMarket && report.daysOnMarket.medianDays !== null && <> · {tm('analysis.daysToSell', { days: report.daysOnMarket.medianDays })}</>}
          {' · '}<AppLink to="priceAnalysis">{t('nav.priceAnalysis')}</AppLink>
        </p>
      )}
      {report?.status === 'ok' && report.monthly && hasTrend(report.monthly) && <Suspense fallback={null}><TrendChart monthly={report.monthly} height={140} /></Suspense>}
    </section>
  );
}
