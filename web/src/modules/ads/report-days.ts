import type { AdReportRow } from '@rr/proto';

const DAY = 86_400_000;

/** Every day of the range (Prague days, inclusive), empty days as zeros, so the chart shows gaps as gaps. */
export function fillDays(rows: AdReportRow[], from: string, to: string, campaignId: string): AdReportRow[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const out: AdReportRow[] = [];
  for (let ms = Date.parse(`${from}T12:00:00Z`); ms <= Date.parse(`${to}T12:00:00Z`); ms += DAY) {
    const day = new Date(ms).toISOString().slice(0, 10);
    out.push(byDay.get(day) ?? { campaignId, day, sent: 0, fetched: 0, views: 0, clicks: 0, spend: 0 });
  }
  return out;
}

export function totalsOf(rows: AdReportRow[]): Omit<AdReportRow, 'campaignId' | 'day'> {
  const t = { sent: 0, fetched: 0, views: 0, clicks: 0, spend: 0 };
  for (const r of rows) {
    t.sent += r.sent;
    t.fetched += r.fetched;
    t.views += r.views;
    t.clicks += r.clicks;
    t.spend += r.spend;
  }
  return t;
}
