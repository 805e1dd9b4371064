import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useAdsT } from '../i18n';
import type { AdReportRow } from '../api/ads.api';
import { ctrOf } from '../money';

const tag = (locale: string) => (locale === 'cs' ? 'cs-CZ' : 'en-GB');
const names = (count: number, of: (i: number) => Date, opts: Intl.DateTimeFormatOptions, locale: string) =>
  Array.from({ length: count }, (_, i) => new Intl.DateTimeFormat(tag(locale), opts).format(of(i)));

/** Month and weekday names for the axis in the reader's language (uPlot's own are English). */
const dateNames = (locale: string): uPlot.DateNames => ({
  MMMM: names(12, (m) => new Date(2026, m, 15), { month: 'long' }, locale),
  MMM: names(12, (m) => new Date(2026, m, 15), { month: 'short' }, locale),
  // 22 November 2026 is a Sunday, uPlot's weekday 0.
  WWWW: names(7, (d) => new Date(2026, 10, 22 + d), { weekday: 'long' }, locale),
  WWW: names(7, (d) => new Date(2026, 10, 22 + d), { weekday: 'short' }, locale),
});

/**
 * The report's days as a uPlot chart (docs/decisions.md: small, canvas, time series): net views and
 * clicks on the left axis, spend in Kč and CTR in % on the right. The table beside it carries the
 * same figures for screen readers, so the canvas is hidden from them.
 */
export function ReportChart({ rows }: { rows: AdReportRow[] }) {
  const { t, locale } = useAdsT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data: uPlot.AlignedData = [
      rows.map((r) => Date.parse(`${r.day}T12:00:00Z`) / 1000),
      rows.map((r) => r.fetched),
      rows.map((r) => r.views),
      rows.map((r) => r.clicks),
      rows.map((r) => r.spend / 100),
      rows.map((r) => Number(ctrOf(r.clicks, r.views).toFixed(2))),
    ];
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot({
      width: width(), height: 280, tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Europe/Prague'),
      fmtDate: (tpl) => uPlot.fmtDate(tpl, dateNames(locale)),
      scales: { x: { time: true }, count: { auto: true, range: (_u, min, max) => [0, Math.max(1, max)] }, czk: { auto: true, range: (_u, min, max) => [0, Math.max(1, max)] }, pct: { auto: true, range: (_u, min, max) => [0, Math.max(1, max)] } },
      axes: [{}, { scale: 'count' }, { scale: 'czk', side: 1, grid: { show: false }, values: (_u, v) => v.map((x) => `${x} Kč`) }, { scale: 'pct', side: 1, grid: { show: false }, values: (_u, v) => v.map((x) => `${x} %`) }],
      series: [
        {},
        { label: t('ads.report.fetched'), scale: 'count', stroke: '#9aa5b1', width: 1.5, dash: [4, 4] },
        { label: t('ads.report.views'), scale: 'count', stroke: '#0b5cad', width: 2 },
        { label: t('ads.report.clicks'), scale: 'count', stroke: '#1b873f', width: 2 },
        { label: t('ads.report.spendKc'), scale: 'czk', stroke: '#b35c00', width: 2 },
        { label: t('ads.report.ctr'), scale: 'pct', stroke: '#7a3db8', width: 1.5 },
      ],
    }, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: 280 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [rows, locale, t]);
  return (
    <figure className="ads-chart" data-testid="report-chart">
      <div ref={box} aria-hidden="true" />
      <figcaption className="muted">{t('ads.report.chartCaption')}</figcaption>
    </figure>
  );
}
