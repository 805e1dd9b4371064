import { lazy, Suspense, useState } from 'react';
import { formatDate, formatNumber } from '../../../i18n';
import { useAdsT } from '../i18n';
import { useQuery } from '../../../lib/query';
import { useSession } from '../../session/stores/session.store';
import { adsApi, reportCsvUrl, type AdReportRow } from '../api/ads.api';
import { ctrOf, formatHalere, formatPercent, pragueDay } from '../money';
import { fillDays, totalsOf } from '../report-days';

// The chart library loads with the report only: no other page downloads it.
const ReportChart = lazy(async () => ({ default: (await import('./report-chart')).ReportChart }));
const DAY = 86_400_000;

/** Sent, fetched and net views side by side, clicks, CTR and spend per day: a chart, a table and a CSV download. */
export function CampaignReport({ campaignId }: { campaignId: string }) {
  const { t, locale } = useAdsT();
  const token = useSession((s) => s.token);
  const [from, setFrom] = useState(() => pragueDay(Date.now() - 29 * DAY));
  const [to, setTo] = useState(() => pragueDay(Date.now()));
  const key = `ads:report:${campaignId}:${from}:${to}`;
  const { data, error, reload } = useQuery<AdReportRow[]>(from <= to ? key : null, () => adsApi.report(campaignId, from, to));
  const days = data ? fillDays(data, from, to, campaignId) : [];
  const total = totalsOf(days);
  const shown = days.filter((r) => r.sent || r.fetched || r.views || r.clicks || r.spend);
  return (
    <section className="ads-section" aria-labelledby="ads-report" data-testid="campaign-report">
      <h2 id="ads-report">{t('ads.report.title')}</h2>
      <p className="ads-explain" data-testid="impression-meaning">{t('ads.report.meaning')}</p>
      <div className="ads-range form-row">
        <label className="field"><span className="field__label">{t('ads.report.from')}</span><input className="input" type="date" value={from} max={to} onChange={(e) => e.target.value && setFrom(e.target.value)} /></label>
        <label className="field"><span className="field__label">{t('ads.report.to')}</span><input className="input" type="date" value={to} min={from} onChange={(e) => e.target.value && setTo(e.target.value)} /></label>
        {token && <a className="button button--secondary" href={reportCsvUrl(campaignId, from, to, token)} download data-testid="report-csv">{t('ads.report.csv')}</a>}
      </div>
      {!data ? (error ? <p className="form-error" role="alert">{t('auth.error.generic')} <button type="button" className="link-button" onClick={reload}>{t('common.tryAgain')}</button></p> : <div className="page-loading" aria-busy="true">{t('common.loading')}</div>) : (
        <>
          <dl className="ads-figures" data-testid="report-totals">
            <div><dt>{t('ads.report.sent')}</dt><dd data-testid="total-sent">{formatNumber(total.sent, locale)}</dd></div>
            <div><dt>{t('ads.report.fetched')}</dt><dd data-testid="total-fetched">{formatNumber(total.fetched, locale)}</dd></div>
            <div><dt>{t('ads.report.views')}</dt><dd data-testid="total-views">{formatNumber(total.views, locale)}</dd></div>
            <div><dt>{t('ads.report.clicks')}</dt><dd data-testid="total-clicks">{formatNumber(total.clicks, locale)}</dd></div>
            <div><dt>{t('ads.report.ctr')}</dt><dd>{formatPercent(ctrOf(total.clicks, total.views), locale)}</dd></div>
            <div><dt>{t('ads.report.spend')}</dt><dd data-testid="total-spend">{formatHalere(total.spend, locale)}</dd></div>
          </dl>
          <Suspense fallback={<div className="ads-chart ads-chart--loading" aria-busy="true">{t('common.loading')}</div>}>
            <ReportChart rows={days} />
          </Suspense>
          <div className="table-scroll">
            <table className="ads-table" data-testid="report-table">
              <caption className="visually-hidden">{t('ads.report.tableCaption')}</caption>
              <thead><tr>
                <th scope="col">{t('ads.report.day')}</th><th scope="col" className="num">{t('ads.report.sent')}</th><th scope="col" className="num">{t('ads.report.fetched')}</th>
                <th scope="col" className="num">{t('ads.report.views')}</th><th scope="col" className="num">{t('ads.report.clicks')}</th><th scope="col" className="num">{t('ads.report.ctr')}</th><th scope="col" className="num">{t('ads.report.spend')}</th>
              </tr></thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.day}>
                    <th scope="row">{formatDate(`${r.day}T12:00:00Z`, locale)}</th>
                    <td className="num">{formatNumber(r.sent, locale)}</td><td className="num">{formatNumber(r.fetched, locale)}</td><td className="num">{formatNumber(r.views, locale)}</td>
                    <td className="num">{formatNumber(r.clicks, locale)}</td><td className="num">{formatPercent(ctrOf(r.clicks, r.views), locale)}</td><td className="num">{formatHalere(r.spend, locale)}</td>
                  </tr>
                ))}
                {!shown.length && <tr><td colSpan={7}>{t('ads.report.empty')}</td></tr>}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
