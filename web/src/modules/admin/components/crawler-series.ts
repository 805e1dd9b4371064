import type { CrawlerHour } from '../api/admin.api';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type Series = { x: number[]; lines: Array<{ label: string; values: number[] }> };

/**
 * Buckets of the hourly counters for a chart: one line per portal, every bucket present (a quiet
 * hour is a zero, not a gap). `bucketMs` is an hour for the 24-hour chart and a day for the week;
 * days are UTC days, as the counters' hours are.
 */
export function seriesOf(hours: CrawlerHour[], portals: string[], now: Date, span: 'day' | 'week', field: 'emitted' | 'parseFailures' = 'emitted'): Series {
  const bucketMs = span === 'day' ? HOUR : DAY;
  const count = span === 'day' ? 24 : 7;
  const last = Math.floor(now.getTime() / bucketMs) * bucketMs;
  const first = last - (count - 1) * bucketMs;
  const x = Array.from({ length: count }, (_, i) => first + i * bucketMs);
  const lines = portals.map((portal) => ({ label: portal, values: new Array<number>(count).fill(0) }));
  const index = new Map(portals.map((p, i) => [p, i]));
  for (const h of hours) {
    const line = index.get(h.portal);
    const bucket = Math.floor((Date.parse(h.hour) - first) / bucketMs);
    if (line === undefined || bucket < 0 || bucket >= count) continue;
    lines[line].values[bucket] += h[field];
  }
  return { x, lines };
}
