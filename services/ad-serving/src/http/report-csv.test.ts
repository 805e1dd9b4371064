import { reportCsv } from './report-csv';

describe('report CSV', () => {
  it('writes one line per campaign-day with the click-through rate and the spend in CZK', () => {
    const csv = reportCsv([{ campaignId: 'cmp_a', day: '2026-11-25', sent: 100, fetched: 60, views: 40, clicks: 3, spend: 2_000 }]);
    expect(csv.split('\r\n')).toEqual(['\uFEFFday,campaign,sent,fetched,views,clicks,ctr_percent,spend_czk', '2026-11-25,cmp_a,100,60,40,3,7.50,20.00', '']);
  });

  it('quotes an id with a comma and shows no rate without views', () => {
    expect(reportCsv([{ campaignId: 'a,"b"', day: '2026-11-25', sent: 1, fetched: 0, views: 0, clicks: 0, spend: 0 }])).toContain('"a,""b""",1,0,0,0,0.00,0.00');
  });
});
