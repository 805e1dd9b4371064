import { lazy, Suspense, useState } from 'react';
import {
  ANALYTICS_PARTS, MAX_MONTHS_BY_LEVEL, PLANS, ROLE_LABELS, analyticsLevelOf, cheapestTierForLevel, reaches,
  type AdType, type AnalyticsPart, type DispositionLabel, type RealEstateType, type WatchdogPlace, type ReportAnswer,
} from '@rr/proto';
import { useModuleT, useT } from '../../../i18n';
import { ANALYSIS_TEXT } from '../i18n';
import { formatNumber, formatPrice } from '../../../i18n/format';
import { useQuery } from '../../../lib/query';
import { ApiError } from '../../../lib/api';
import { ChipGroup } from '../../../ui/chip-group';
import { FORM_AD_TYPES, FORM_DISPOSITIONS, FORM_REAL_ESTATE_TYPES } from '../../watchdogs/criteria';
import { PlacePicker } from '../../watchdogs/components/place-picker';
import { AppLink } from '../../../ui/app-link';
import { useSession } from '../../session/stores/session.store';
import { analyticsApi } from '../api/analytics.api';
import { hasTrend } from '../trend';

// uPlot (~50 kB) loads with the first report that has a trend, never with the page or the entry.
const TrendChart = lazy(async () => ({ default: (await import('./trend-chart')).TrendChart }));

const MONTHS = ['3', '6', '12', '24'] as const;

/** "… available from the X plan", with the way to the premium page (that tier preselected). */
function LockedNote({ part, months }: { part: AnalyticsPart; months?: number }) {
  const { locale } = useT();
  const tm = useModuleT(ANALYSIS_TEXT);
  const tier = cheapestTierForLevel(ANALYTICS_PARTS[part]);
  return (
    <p className="locked-note" data-testid={`locked-${part}`}>
      <span aria-hidden="true">🔒 </span>
      {tm('analysis.lockedFrom', { what: tm(`analysis.locked.${part}`, { n: months ?? '' }), tier: ROLE_LABELS[PLANS[tier].role][locale] })}{' '}
      <AppLink to="premium" query={`?tier=${tier}&period=month`}>{tm('analysis.lockedLink')}</AppLink>
    </p>
  );
}

/** The monthly medians as proportional bars, with the figures as text (readable without the bars). */
function MonthlyBars({ monthly }: { monthly: NonNullable<ReportAnswer['report']['monthly']> }) {
  const { locale } = useT();
  const tm = useModuleT(ANALYSIS_TEXT);
  const top = Math.max(1, ...monthly.map((m) => m.medianPricePerM2 ?? 0));
  return (
    <table className="table" data-testid="monthly">
      <caption>{tm('analysis.monthly')}</caption>
      <tbody>
        {monthly.map((m) => (
          <tr key={m.month}>
            <th scope="row">{m.month}</th>
            <td style={{ width: '60%' }}><div aria-hidden="true" style={{ background: 'currentColor', opacity: 0.3, height: '0.75rem', width: `${((m.medianPricePerM2 ?? 0) / top) * 100}%` }} /></td>
            <td>{m.medianPricePerM2 !== null ? `${formatNumber(Math.round(m.medianPricePerM2), locale)} Kč/m²` : '–'} ({m.n})</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ answer, query }: { answer: ReportAnswer; query: Record<string, string> }) {
  const { t, locale } = useT();
  const tm = useModuleT(ANALYSIS_TEXT);
  const r = answer.report;
  const locked = new Set(answer.locked);
  const shares = (counts: Record<string, number>, label: (k: string) => string) => {
    const total = Object.values(counts).reduce((s, n) => s + n, 0) || 1;
    return Object.entries(counts).sort(([, a], [, b]) => b - a).map(([k, n]) => `${label(k)} ${Math.round((n / total) * 100)} %`).join(', ');
  };
  const ci = r.pricePerM2?.ci;
  return (
    <section className="card" data-testid="price-report" aria-live="polite">
      <p>{tm(answer.radiusKm === 0 ? 'analysis.samplePlace' : 'analysis.sampleRadius', { n: r.n, km: answer.radiusKm, place: answer.place?.name ?? '' })}</p>
      {r.status === 'notEnoughData' && <p role="status" data-testid="not-enough">{tm('analysis.notEnough')}</p>}
      {r.price && r.pricePerM2 && (
        <dl className="facts">
          <dt>{tm('analysis.medianPrice')}</dt><dd data-testid="median-price">{formatPrice(r.price.median, locale)}</dd>
          <dt>{tm('analysis.medianPpm')}</dt><dd>{formatNumber(Math.round(r.pricePerM2.median), locale)} Kč/m²{ci && ` (95 %: ${formatNumber(Math.round(ci.low), locale)}–${formatNumber(Math.round(ci.high), locale)})`}</dd>
          {r.price.p25 !== undefined && r.price.p75 !== undefined && <><dt>{tm('analysis.quartiles')}</dt><dd>{formatPrice(r.price.p25, locale)} – {formatPrice(r.price.p75, locale)}</dd></>}
          {r.price.mean !== undefined && <><dt>{tm('analysis.mean')}</dt><dd>{formatPrice(r.price.mean, locale)}</dd></>}
        </dl>
      )}
      {r.daysOnMarket && r.daysOnMarket.medianDays !== null && <p>{tm('analysis.daysToSell', { days: r.daysOnMarket.medianDays })}</p>}
      {r.realEstateTypes && <p className="muted">{tm('analysis.types')}: {shares(r.realEstateTypes, (k) => t(`enum.realEstateType.${k as RealEstateType}`))}</p>}
      {r.dispositions && <p className="muted">{t('watchdog.dispositions')}: {shares(r.dispositions, (k) => k)}</p>}
      {r.excluded && <p className="muted">{tm('analysis.excluded', { price: r.excluded.noPrice, area: r.excluded.noArea, outliers: r.excluded.outliers })}</p>}
      {locked.has('figures') && <LockedNote part="figures" />}
      {r.monthly && hasTrend(r.monthly) && <Suspense fallback={<div className="trend-chart trend-chart--loading" aria-hidden="true" />}><TrendChart monthly={r.monthly} /></Suspense>}
      {r.monthly && r.monthly.length > 0 && <MonthlyBars monthly={r.monthly} />}
      {locked.has('monthly') && <LockedNote part="monthly" />}
      {locked.has('csv') ? <LockedNote part="csv" /> : <CsvDownload query={query} />}
    </section>
  );
}

/** The report as a CSV file (export level): fetched with the session and saved under the server's name. */
function CsvDownload({ query }: { query: Record<string, string> }) {
  const tm = useModuleT(ANALYSIS_TEXT);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      const { blob, fileName } = await analyticsApi.reportCsv(query);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setFailed((err as Error).message || tm('analysis.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="csv-download">
      <button type="button" className="button button--ghost" onClick={() => void download()} disabled={busy} aria-busy={busy} data-testid="download-csv">{tm('analysis.downloadCsv')}</button>
      {failed && <p className="form-error" role="alert">{tm('analysis.downloadFailed')}</p>}
    </div>
  );
}

/** Choose a place and filters, see the report: the location and price analysis page. */
export function PriceAnalysis() {
  const { t } = useT();
  const tm = useModuleT(ANALYSIS_TEXT);
  const [places, setPlaces] = useState<WatchdogPlace[]>([]);
  const [adTypes, setAdTypes] = useState<AdType[]>(['Sale']);
  const [types, setTypes] = useState<RealEstateType[]>(['Apartment']);
  const [dispositions, setDispositions] = useState<DispositionLabel[]>([]);
  const [months, setMonths] = useState<(typeof MONTHS)[number][]>(['3']);
  const place = places[0];
  // The window the tier allows: a longer one chosen is asked as the longest allowed, and the page says so
  // (the service refuses a longer window rather than cut it quietly).
  const level = analyticsLevelOf(useSession((s) => s.user?.role ?? null));
  const chosenMonths = Number(months[0] ?? '3');
  const maxMonths = MAX_MONTHS_BY_LEVEL[level];
  const capped = chosenMonths > maxMonths;
  const query = place && {
    placeKind: place.kind, placeCode: place.code, adType: adTypes[0] ?? 'Sale', realEstateType: types[0] ?? 'Apartment', months: String(Math.min(chosenMonths, maxMonths)),
    ...(dispositions.length ? { dispositions: dispositions.join(',') } : {}),
  };
  // The level is in the key: a login on the page asks again, for the tier's depth.
  const { data, loading, error } = useQuery(query ? `price-report:${level}:${JSON.stringify(query)}` : null, () => analyticsApi.report(query!));
  // Single choices kept with the chip groups of the watchdog form: the last chip chosen wins.
  const one = <T,>(set: (v: T[]) => void) => (v: T[]) => set(v.slice(-1));
  return (
    <div className="profile-sections">
      <section className="card">
        <PlacePicker value={places} onChange={(v) => setPlaces(v.slice(-1))} />
        <ChipGroup name="adType" legend={t('watchdog.adTypes')} options={FORM_AD_TYPES} value={adTypes} onChange={one(setAdTypes)} labelOf={(o) => t(`enum.adType.${o}`)} />
        <ChipGroup name="realEstateType" legend={t('watchdog.realEstateTypes')} options={FORM_REAL_ESTATE_TYPES} value={types} onChange={one(setTypes)} labelOf={(o) => t(`enum.realEstateType.${o}`)} />
        <ChipGroup name="dispositions" legend={t('watchdog.dispositions')} options={FORM_DISPOSITIONS} value={dispositions} onChange={setDispositions} labelOf={(o) => o} />
        <ChipGroup name="months" legend={tm('analysis.window')} options={MONTHS} value={months} onChange={one(setMonths)} labelOf={(o) => tm('analysis.months', { n: o })} />
      </section>
      {capped && !reaches(level, 'trend') && (
        <div role="status">
          <LockedNote part="longWindow" months={chosenMonths} />
          <p className="muted" data-testid="window-capped">{tm('analysis.windowCapped', { n: maxMonths })}</p>
        </div>
      )}
      {!place && <p className="muted">{tm('analysis.choosePlace')}</p>}
      {loading && <div className="page-loading" aria-busy="true">{t('common.loading')}</div>}
      {error !== undefined && error !== null && (
        // A tier refusal (a session older than a downgrade) says which tier has it; anything else the generic words.
        <p className="form-error" role="alert">{error instanceof ApiError && error.code === 'FEATURE_NOT_IN_PLAN' ? error.message : t('auth.error.generic')}</p>
      )}
      {data && query && <Figures answer={data} query={query} />}
    </div>
  );
}
