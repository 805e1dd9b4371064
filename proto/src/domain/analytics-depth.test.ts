import { MAX_REPORT_MONTHS, ReportAnswer } from '../api/analytics';
import {
  ANALYTICS_LEVELS, MAX_MONTHS_BY_LEVEL, analyticsLevelOf, cheapestTierForLevel, levelForMonths, lockedParts, trimReport, type FullReportAnswer,
} from './analytics-depth';
import { ROLES } from './role-levels';

const full: FullReportAnswer = {
  place: { kind: 'municipality', code: '586846', name: 'Jihlava' },
  centre: { lat: 49.4, lon: 15.59 },
  radiusKm: 0,
  adType: 'Sale',
  realEstateType: 'Apartment',
  dispositions: [],
  months: 3,
  report: {
    status: 'ok',
    asOf: '2026-11-26T12:00:00.000Z',
    n: 42,
    excluded: { noPrice: 2, noArea: 1, outliers: 3 },
    price: { n: 42, mean: 4_100_000, median: 4_000_000, p25: 3_500_000, p75: 4_600_000 },
    pricePerM2: { n: 40, mean: 61_000, median: 60_000, p25: 52_000, p75: 68_000, ci: { low: 57_000, high: 63_000, level: 0.95 } },
    daysOnMarket: { medianDays: 35, ended: 20, censored: 22 },
    realEstateTypes: { Apartment: 42, House: 10 },
    dispositions: { '2+kk': 20, '3+1': 22 },
    monthly: [{ month: '2026-10', n: 20, medianPricePerM2: 59_000, medianPrice: 3_950_000 }, { month: '2026-11', n: 22, medianPricePerM2: 61_000, medianPrice: 4_050_000 }],
  },
};

describe('analytics depth by tier', () => {
  it('gives visitors, users and Mini the summary, Standard full, Premium the trend, Profi and up the export', () => {
    expect([null, ROLES.NONE, ROLES.USER, ROLES.MINI].map(analyticsLevelOf)).toEqual(['summary', 'summary', 'summary', 'summary']);
    expect(analyticsLevelOf(ROLES.STANDARD)).toBe('full');
    expect(analyticsLevelOf(ROLES.PREMIUM)).toBe('trend');
    expect([ROLES.PROFI, ROLES.ENTERPRISE, ROLES.ADMIN].map(analyticsLevelOf)).toEqual(['export', 'export', 'export']);
  });

  it('names the cheapest tier of each level for the "available from" notes', () => {
    expect(ANALYTICS_LEVELS.map(cheapestTierForLevel)).toEqual(['MINI', 'STANDARD', 'PREMIUM', 'PROFI']);
  });

  it('allows 3 months below the trend level and the longest window from it', () => {
    expect(MAX_MONTHS_BY_LEVEL.trend).toBe(MAX_REPORT_MONTHS);
    expect([1, 3, 4, 12, 24].map(levelForMonths)).toEqual(['summary', 'summary', 'trend', 'trend', 'trend']);
  });

  it('keeps only the sample size and the medians at the summary level, and says what is locked', () => {
    const answer = trimReport(full, 'summary');
    expect(answer.report).toEqual({
      status: 'ok', asOf: full.report.asOf, n: 42, price: { n: 42, median: 4_000_000 }, pricePerM2: { n: 40, median: 60_000 },
    });
    expect(answer).toMatchObject({ level: 'summary', locked: ['figures', 'monthly', 'longWindow', 'csv'], place: full.place, months: 3 });
    expect(ReportAnswer.safeParse(answer).success).toBe(true);
  });

  it('keeps every figure but the monthly series at the full level', () => {
    const answer = trimReport(full, 'full');
    const { monthly: _monthly, ...figures } = full.report;
    expect(answer.report).toEqual(figures);
    expect(answer.locked).toEqual(['monthly', 'longWindow', 'csv']);
    expect(ReportAnswer.safeParse(answer).success).toBe(true);
  });

  it('keeps the whole report from the trend level, the CSV locked only below export', () => {
    expect(trimReport(full, 'trend')).toEqual({ ...full, level: 'trend', locked: ['csv'] });
    expect(trimReport(full, 'export')).toEqual({ ...full, level: 'export', locked: [] });
    expect(lockedParts('export')).toEqual([]);
  });

  it('trims a report without figures (not enough data) without inventing any', () => {
    const thin: FullReportAnswer = { ...full, report: { ...full.report, status: 'notEnoughData', n: 4, price: null, pricePerM2: null } };
    expect(trimReport(thin, 'summary').report).toEqual({ status: 'notEnoughData', asOf: full.report.asOf, n: 4, price: null, pricePerM2: null });
  });

  it('does not change the answer it trims', () => {
    const before = JSON.stringify(full);
    trimReport(full, 'summary');
    trimReport(full, 'full');
    expect(JSON.stringify(full)).toBe(before);
  });
});
