import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useT } from '../../../i18n';
import { formatDateTime, formatNumber } from '../../../i18n/format';
import { setQueryData, useQuery } from '../../../lib/query';
import { adminApi, type CrawlerPortal, type CrawlersView } from '../api/admin.api';
import { Loading } from './admin-shell';
import { seriesOf, type Series } from './crawler-series';
import { useAdminT, type AdminKey } from '../admin.copy';

const TimeChart = lazy(async () => ({ default: (await import('./time-chart')).TimeChart }));

/** Per portal: state, figures, pause/resume; charts of the last 24 hours and 7 days; failures and alerts. */
export function AdminCrawlers() {
  const ot = useAdminT();
  const { data, error, reload } = useQuery<CrawlersView>('admin:crawlers', adminApi.crawlers);
  // Figures of a running system: read again every half minute while the page is open, the old
  // ones shown until the new arrive (no flash, the charts keep their place).
  useEffect(() => {
    const timer = setInterval(() => void refreshCrawlers().catch(() => undefined), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!data) return <Loading error={error} reload={reload} />;
  return (
    <div data-testid="admin-crawlers">
      <PortalTable portals={data.portals} />
      <CrawlerCharts view={data} />
      <h2>{ot('admin.crawlers.details')}</h2>
      {data.portals.map((p) => <PortalDetails key={p.portal} portal={p} />)}
    </div>
  );
}

const refreshCrawlers = async () => setQueryData('admin:crawlers', await adminApi.crawlers());

function PortalTable({ portals }: { portals: CrawlerPortal[] }) {
  const { t, locale } = useT();
  const ot = useAdminT();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = async (p: CrawlerPortal) => {
    if (!p.paused && !window.confirm(ot('admin.crawlers.pauseConfirm', { portal: p.portal }))) return;
    setBusy(p.portal);
    setProblem(null);
    try {
      await adminApi.setPortalPaused(p.portal, !p.paused);
      await refreshCrawlers();
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {problem && <p className="form-error" role="alert">{problem}</p>}
      <div className="table-scroll">
        <table className="admin-table admin-table--wrap" data-testid="crawler-table">
          <thead><tr>
            <th>{ot('admin.crawlers.portal')}</th><th>{ot('admin.crawlers.state')}</th><th>{ot('admin.crawlers.lastSuccess')}</th>
            <th>{ot('admin.crawlers.listingsLastHour')}</th><th>{ot('admin.crawlers.perHour24h')}</th><th>{ot('admin.crawlers.parseFailures24h')}</th>
            <th>{ot('admin.crawlers.failedCrawls24h')}</th><th><span className="visually-hidden">{ot('admin.crawlers.action')}</span></th>
          </tr></thead>
          <tbody>
            {portals.map((p) => (
              <tr key={p.portal} className={p.alert && !p.paused ? 'is-alert' : undefined} data-portal={p.portal}>
                <th scope="row">{p.portal}</th>
                <td data-testid="crawler-state" className="admin-state">{stateOf(p, t, ot, locale)}</td>
                <td>{p.lastSuccessAt ? formatDateTime(p.lastSuccessAt, locale) : '–'}</td>
                <td>{formatNumber(p.listingsLastHour, locale)}</td>
                <td>{formatNumber(p.listingsPerHour24h, locale)}</td>
                <td>{formatNumber(p.parseFailures24h, locale)}</td>
                <td>{formatNumber(p.failedCrawls24h, locale)}</td>
                <td>
                  <button type="button" className="button button--secondary button--small" disabled={busy === p.portal} onClick={() => void toggle(p)}
                    aria-label={`${p.paused ? ot('admin.crawlers.resume') : ot('admin.crawlers.pause')} ${p.portal}`}>
                    {p.paused ? ot('admin.crawlers.resume') : ot('admin.crawlers.pause')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** A short state, and below it the reason in the crawler's words (alert or last error). */
function stateOf(p: CrawlerPortal, t: ReturnType<typeof useT>['t'], ot: ReturnType<typeof useAdminT>, locale: 'cs' | 'en') {
  const [label, detail] = p.paused
    ? [ot('admin.crawlers.paused', { by: p.paused.by, date: formatDateTime(p.paused.at, locale) }), null]
    : !p.enabled ? [ot('admin.crawlers.disabled'), null]
    : p.alert ? [ot(`admin.crawlers.alert.${p.alert.kind}` as AdminKey), p.alert.reason]
    : p.lastError ? [ot('admin.crawlers.lastError'), p.lastError]
    : [ot('admin.crawlers.ok'), null];
  return <>{label}{detail && <small className="muted">{detail}</small>}</>;
}

function CrawlerCharts({ view }: { view: CrawlersView }) {
  const { t, locale } = useT();
  const ot = useAdminT();
  const portals = view.portals.map((p) => p.portal);
  const now = new Date(view.generatedAt);
  const charts = useMemo(() => ([
    { key: 'day-emitted', title: `${ot('admin.crawlers.chartEmitted')} – ${ot('admin.crawlers.chart24h')}`, span: 'day' as const, series: seriesOf(view.hours, portals, now, 'day', 'emitted') },
    { key: 'week-emitted', title: `${ot('admin.crawlers.chartEmitted')} – ${ot('admin.crawlers.chart7d')}`, span: 'week' as const, series: seriesOf(view.hours, portals, now, 'week', 'emitted') },
    { key: 'day-failures', title: `${ot('admin.crawlers.chartFailures')} – ${ot('admin.crawlers.chart24h')}`, span: 'day' as const, series: seriesOf(view.hours, portals, now, 'day', 'parseFailures') },
    { key: 'week-failures', title: `${ot('admin.crawlers.chartFailures')} – ${ot('admin.crawlers.chart7d')}`, span: 'week' as const, series: seriesOf(view.hours, portals, now, 'week', 'parseFailures') },
  ]), [view, locale]);
  return (
    <div className="admin-charts">
      {charts.map((c) => (
        <figure key={c.key} className="card admin-chart-card" data-testid={`chart-${c.key}`}>
          <figcaption><h2>{c.title}</h2></figcaption>
          <Suspense fallback={<div className="page-loading" aria-busy="true">{t('common.loading')}</div>}>
            <TimeChart series={c.series} label={c.title} locale={locale} span={c.span} />
          </Suspense>
          <ChartTable series={c.series} span={c.span} />
        </figure>
      ))}
    </div>
  );
}

/** The chart's numbers as a table, for screen readers and anyone who wants the figures. */
function ChartTable({ series, span }: { series: Series; span: 'day' | 'week' }) {
  const { locale } = useT();
  const ot = useAdminT();
  const format = new Intl.DateTimeFormat(locale, span === 'day' ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'numeric' });
  return (
    <details>
      <summary>{ot('admin.crawlers.chartTable')}</summary>
      <div className="table-scroll">
        <table className="admin-table">
          <thead><tr><th>{ot('admin.crawlers.at')}</th>{series.lines.map((l) => <th key={l.label}>{l.label}</th>)}</tr></thead>
          <tbody>
            {series.x.map((x, i) => (
              <tr key={x}><th scope="row">{format.format(new Date(x))}</th>{series.lines.map((l) => <td key={l.label}>{l.values[i]}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function PortalDetails({ portal: p }: { portal: CrawlerPortal }) {
  const { locale } = useT();
  const ot = useAdminT();
  return (
    <details className="card admin-portal" data-testid={`portal-${p.portal}`}>
      <summary><strong>{p.portal}</strong> · {ot('admin.crawlers.recentFailures')}: {p.recentFailures.length} · {ot('admin.crawlers.alerts')}: {p.alerts.length}</summary>
      <h3>{ot('admin.crawlers.recentFailures')}</h3>
      {p.recentFailures.length ? (
        <div className="table-scroll">
          <table className="admin-table">
            <thead><tr><th>{ot('admin.crawlers.at')}</th><th>{ot('admin.crawlers.reason')}</th><th>{ot('admin.crawlers.url')}</th></tr></thead>
            <tbody>{p.recentFailures.map((f, i) => (
              <tr key={`${f.at}-${i}`}><td>{formatDateTime(f.at, locale)}</td><td>{f.reason}</td><td><a href={f.url} rel="noreferrer noopener" target="_blank">{f.url}</a></td></tr>
            ))}</tbody>
          </table>
        </div>
      ) : <p className="muted">{ot('admin.crawlers.noFailures')}</p>}
      <h3>{ot('admin.crawlers.alerts')}</h3>
      {p.alerts.length ? (
        <div className="table-scroll">
          <table className="admin-table">
            <thead><tr><th>{ot('admin.crawlers.raised')}</th><th>{ot('admin.crawlers.cleared')}</th><th>{ot('admin.crawlers.state')}</th></tr></thead>
            <tbody>{p.alerts.map((a) => (
              <tr key={a.raisedAt}>
                <td>{formatDateTime(a.raisedAt, locale)}</td>
                <td>{a.clearedAt ? formatDateTime(a.clearedAt, locale) : ot('admin.crawlers.stillOpen')}</td>
                <td>{ot(`admin.crawlers.alert.${a.kind}` as AdminKey)} – {a.reason}</td>
              </tr>
            ))}</tbody>
          </table>
        </div>
      ) : <p className="muted">{ot('admin.crawlers.noAlerts')}</p>}
    </details>
  );
}
