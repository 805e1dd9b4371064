import type { DispositionLabel } from '@rr/proto';
import type { StoredBucket } from './bucket-report';
import { binOf } from './price-bucket';

export type PriceRange = { priceFrom: number | null; priceTo: number | null };
export type MonthCount = { month: string; n: number };

/**
 * How many offers a month criteria would have matched (the watchdog form shows it before saving):
 * offers of the chosen layouts per publication month, within the price range by the buckets'
 * price bins (to 0.5 %). With a price range, offers without a price do not match (a watchdog
 * with a price limit skips them too).
 */
export function monthlyMatchCounts(buckets: readonly StoredBucket[], layouts: readonly DispositionLabel[], range: PriceRange): MonthCount[] {
  const from = range.priceFrom !== null && range.priceFrom > 0 ? binOf(range.priceFrom) : -Infinity;
  const to = range.priceTo !== null && range.priceTo > 0 ? binOf(range.priceTo) : Infinity;
  const filtered = from !== -Infinity || to !== Infinity;
  const byMonth = new Map<string, number>();
  for (const b of buckets) {
    let n = 0;
    for (const [layout, cell] of Object.entries(b.cells)) {
      if (layouts.length > 0 && !layouts.includes(layout as DispositionLabel)) continue;
      if (!filtered) n += cell!.n;
      else for (const [bin, count] of Object.entries(cell!.price)) if (Number(bin) >= from && Number(bin) <= to) n += count;
    }
    byMonth.set(b.month, (byMonth.get(b.month) ?? 0) + n);
  }
  return [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, n]) => ({ month, n }));
}

/** The mean over the full months of the window (the current month is partial and left out). */
export function perMonth(counts: readonly MonthCount[], currentMonth: string, months: readonly string[]): number {
  const full = months.filter((m) => m !== currentMonth);
  if (full.length === 0) return 0;
  const total = counts.filter((c) => full.includes(c.month)).reduce((s, c) => s + c.n, 0);
  return Math.round(total / full.length);
}
