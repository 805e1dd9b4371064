import type { HourlyStats } from '../repositories/crawl-stats.repository';

const HOUR = 3_600_000;

export type PortalSummary = {
  /** New or changed listings emitted in the last full clock hour. */
  listingsLastHour: number;
  /** Emitted per hour over the last 24 hours. */
  listingsPerHour24h: number;
  emitted24h: number;
  parseFailures24h: number;
  failedCrawls24h: number;
  crawls24h: number;
};

/** One portal's figures from its hourly counters (any order); pure, so the page's arithmetic is tested without a database. */
export function summarise(hours: HourlyStats[], now: Date): PortalSummary {
  const current = Math.floor(now.getTime() / HOUR) * HOUR;
  const lastFull = current - HOUR;
  const dayAgo = current - 23 * HOUR;
  let listingsLastHour = 0;
  const day = { emitted: 0, parseFailures: 0, failedCrawls: 0, crawls: 0 };
  for (const h of hours) {
    const t = new Date(h.hour).getTime();
    if (t === lastFull) listingsLastHour += h.emitted ?? 0;
    if (t < dayAgo || t > current) continue;
    day.emitted += h.emitted ?? 0;
    day.parseFailures += h.parseFailures ?? 0;
    day.failedCrawls += h.failedCrawls ?? 0;
    day.crawls += h.crawls ?? 0;
  }
  return {
    listingsLastHour,
    listingsPerHour24h: Math.round((day.emitted / 24) * 10) / 10,
    emitted24h: day.emitted,
    parseFailures24h: day.parseFailures,
    failedCrawls24h: day.failedCrawls,
    crawls24h: day.crawls,
  };
}
