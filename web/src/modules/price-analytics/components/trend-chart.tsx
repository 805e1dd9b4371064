import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ReportAnswer } from '@rr/proto';
import { useModuleT, useT } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { ANALYSIS_TEXT } from '../i18n';
import { trendSeries } from '../trend';

const tag = (locale: string) => (locale === 'cs' ? 'cs-CZ' : 'en-GB');

/**
 * The monthly medians as a uPlot line (docs/decisions.md: the library the ads and crawler charts
 * use, loaded only here and only when a report has months to draw): price per m² on the left,
 * the asking price on the right. The table below it carries the same figures for screen readers.
 */
export type TrendChartProps = { monthly: NonNullable<ReportAnswer['report']['monthly']>; height?: number };

export function TrendChart({ monthly, height = 240 }: TrendChartProps) {
  const { locale } = useT();
  const tm = useModuleT(ANALYSIS_TEXT);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const s = trendSeries(monthly);
    const month = new Intl.DateTimeFormat(tag(locale), { month: 'short', year: '2-digit', timeZone: 'UTC' });
    const width = () => Math.max(280, el.clientWidth);
    const plot = new uPlot({
      width: width(), height,
      scales: { x: { time: false }, ppm: { auto: true }, price: { auto: true } },
      axes: [
        { values: (_u, ticks) => ticks.map((i) => (s.months[i] ? month.format(Date.parse(`${s.months[i]}-15T00:00:00Z`)) : '')), incrs: [1], space: 48 },
        { scale: 'ppm', size: 72, values: (_u, v) => v.map((x) => `${formatNumber(x / 1000, locale)} tis.`.replace(' tis.', locale === 'cs' ? ' tis.' : 'k')) },
        { scale: 'price', side: 1, size: 72, grid: { show: false }, values: (_u, v) => v.map((x) => `${formatNumber(x / 1e6, locale)} M`) },
      ],
      series: [
        {},
        { label: tm('analysis.medianPpm'), scale: 'ppm', stroke: '#0b5cad', width: 2, spanGaps: true, points: { show: true } },
        { label: tm('analysis.medianPrice'), scale: 'price', stroke: '#b35c00', width: 1.5, dash: [4, 4], spanGaps: true },
      ],
    }, [s.x, s.pricePerM2, s.price], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [monthly, height, locale, tm]);
  return (
    <figure className="trend-chart" data-testid="trend-chart">
      <div ref={box} aria-hidden="true" />
      <figcaption className="muted">{tm('analysis.trendCaption')}</figcaption>
    </figure>
  );
}
