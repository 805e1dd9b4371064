import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Series } from './crawler-series';

export type TimeChartProps = { series: Series; label: string; locale: string; span: 'day' | 'week' };

const COLOURS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7ea4'];

/**
 * A uPlot line chart of the crawler counters. Loaded on demand (its own chunk), so neither the
 * public pages nor the rest of the administration download the chart library.
 */
export function TimeChart({ series, label, locale, span }: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const format = new Intl.DateTimeFormat(locale, span === 'day' ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'numeric' });
    const chart = new uPlot({
      width: Math.max(280, el.clientWidth),
      height: 220,
      scales: { x: { time: true } },
      // The legend names the portals; the values are in the table below the chart.
      legend: { live: false },
      axes: [{ values: (_u, ticks) => ticks.map((t) => format.format(new Date(t * 1000))) }, {}],
      series: [{}, ...series.lines.map((l, i) => ({ label: l.label, stroke: COLOURS[i % COLOURS.length], width: 2 }))],
    }, [series.x.map((x) => x / 1000), ...series.lines.map((l) => l.values)], el);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, locale, span]);
  return <div ref={host} role="img" aria-label={label} className="admin-chart" />;
}
