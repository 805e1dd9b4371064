import type { ReportAnswer } from '@rr/proto';

type Monthly = NonNullable<ReportAnswer['report']['monthly']>;

/** A trend needs two months at least; one month is a point the figures already state. */
export const hasTrend = (monthly: Monthly): boolean => monthly.filter((m) => m.medianPricePerM2 !== null).length >= 2;

/**
 * The chart's series: months in order on an index axis (uPlot's x), the medians with gaps
 * (null) where a month had no offers with a price and area, so the line does not invent them.
 */
export function trendSeries(monthly: Monthly): { months: string[]; x: number[]; pricePerM2: Array<number | null>; price: Array<number | null> } {
  const sorted = [...monthly].sort((a, b) => a.month.localeCompare(b.month));
  return {
    months: sorted.map((m) => m.month),
    x: sorted.map((_, i) => i),
    pricePerM2: sorted.map((m) => (m.medianPricePerM2 === null ? null : Math.round(m.medianPricePerM2))),
    price: sorted.map((m) => (m.medianPrice === null ? null : Math.round(m.medianPrice))),
  };
}
