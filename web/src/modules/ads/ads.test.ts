import { cs } from './i18n/cs';
import { en } from './i18n/en';
import { imageSizeOf } from './image-size';
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

describe('the declared size of an uploaded image', () => {
  it('reads PNG and GIF headers and a JPEG start-of-frame, and nothing from other bytes', () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    png.set([0, 0, 1, 44, 0, 0, 0, 250], 16);
    expect(imageSizeOf(png)).toEqual({ width: 300, height: 250 });
    expect(imageSizeOf(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x40, 0x01, 0x96, 0x00]))).toEqual({ width: 320, height: 150 });
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0xfa, 0x02, 0x08, 0x03, 0, 0, 0]);
    expect(imageSizeOf(jpeg)).toEqual({ width: 520, height: 250 });
    expect(imageSizeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
