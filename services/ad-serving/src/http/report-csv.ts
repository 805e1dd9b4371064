import type { AdReportRow } from '@rr/proto';

/**
 * The report as CSV (RFC 4180, UTF-8 with a BOM so spreadsheet programs read the Czech header).
 * Fixed columns of numbers and ids: quoting is needed only for the id, written by hand.
 */
export function reportCsv(rows: AdReportRow[]): string {
  const header = ['day', 'campaign', 'sent', 'fetched', 'views', 'clicks', 'ctr_percent', 'spend_czk'];
  const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = rows.map((r) => [
    r.day, quote(r.campaignId), r.sent, r.fetched, r.views, r.clicks,
    r.views > 0 ? ((100 * r.clicks) / r.views).toFixed(2) : '0.00', (r.spend / 100).toFixed(2),
  ].join(','));
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
