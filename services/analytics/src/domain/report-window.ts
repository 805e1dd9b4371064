import { monthOf } from './offer-fact';

/**
 * The months a report reads: from the month `months` calendar months before `asOf` through the
 * current month, so "the last 3 months" on 20 November reads 20 August onwards at month
 * precision (August to November: a bucket holds a whole month, and a window never falls short).
 */
export function reportWindow(asOf: number, months: number): { fromMonth: string; toMonth: string } {
  const from = new Date(asOf);
  from.setUTCDate(1);
  from.setUTCMonth(from.getUTCMonth() - months);
  return { fromMonth: monthOf(from.getTime()), toMonth: monthOf(asOf) };
}
