import { cs } from './i18n/cs';
import { en } from './i18n/en';
import { ctrOf, formatHalere, formatPercent, pragueDay } from './money';
import { fillDays, totalsOf } from './report-days';

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const row = (day: string, views: number, clicks = 0) => ({ campaignId: 'c1', day, sent: views, fetched: views, views, clicks, spend: views * 50 });

describe('advertising figures', () => {
  it('writes haléře as crowns, with hellers only when there are some', () => {
    expect(nbsp(formatHalere(50, 'cs'))).toBe('0,50 Kč');
    expect(nbsp(formatHalere(250_000, 'cs'))).toBe('2 500 Kč');
    expect(nbsp(formatHalere(25, 'en'))).toBe('CZK 0.25');
  });

  it('takes the click-through rate of net views and is zero without views', () => {
    expect(ctrOf(3, 200)).toBe(1.5);
    expect(ctrOf(2, 0)).toBe(0);
    expect(nbsp(formatPercent(1.5, 'cs'))).toBe('1,50 %');
  });

  it('fills the days without figures with zeros, across a month end, in order', () => {
    const days = fillDays([row('2026-12-01', 4), row('2026-11-29', 2, 1)], '2026-11-29', '2026-12-02', 'c1');
    expect(days.map((d) => [d.day, d.views])).toEqual([['2026-11-29', 2], ['2026-11-30', 0], ['2026-12-01', 4], ['2026-12-02', 0]]);
    expect(totalsOf(days)).toEqual({ sent: 6, fetched: 6, views: 6, clicks: 1, spend: 300 });
  });

  it('keeps the day in the Prague calendar, not UTC', () => {
    expect(pragueDay(Date.parse('2026-11-25T23:30:00Z'))).toBe('2026-11-26');
  });
});

describe('advertising strings', () => {
  it('has the same keys and placeholders in Czech and English, none empty', () => {
    const czech: Record<string, string> = cs;
    const english: Record<string, string> = en;
    expect(Object.keys(english).sort()).toEqual(Object.keys(czech).sort());
    const placeholders = (s: string) => s.match(/\{\w+\}/g)?.sort() ?? [];
    for (const key of Object.keys(czech)) {
      expect([key, placeholders(english[key])]).toEqual([key, placeholders(czech[key])]);
      expect([key, czech[key].trim().length > 0 && english[key].trim().length > 0]).toEqual([key, true]);
    }
  });
});
