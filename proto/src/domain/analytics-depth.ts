/**
 * Depth of the price analysis by tier (`analytics` in the entitlement table, issue 15), free of zod
 * so the web client can import it. The analytics service trims every report it serves with
 * `trimReport` (the web's, the public API's and the CSV alike); docs/decisions.md ("Analytics
 * depth by tier") records why the lines fall where they do.
 *
 * - summary (visitors, users, Mini): the sample size and the median price and price per m²,
 *   over windows up to 3 months;
 * - full (Standard): every figure of the report — quartiles, mean, the median's 95 % interval,
 *   days listed, the shares of property types and layouts, the offers left out;
 * - trend (Premium): full, windows up to 24 months and the monthly series (table and chart);
 * - export (Profi, Enterprise): trend and the CSV download.
 */
import type { ReportAnswer } from '../api/analytics';
import { PLANS, PLAN_TIERS, type PlanTier } from './plans';
import { entitlementsOf, type Entitlements } from './roles';

export type AnalyticsLevel = Entitlements['analytics'];
/** Lowest first: a level gets everything of the ones before it. */
export const ANALYTICS_LEVELS = ['summary', 'full', 'trend', 'export'] as const satisfies readonly AnalyticsLevel[];

/** The parts of a report beyond the summary, each with the lowest level that gets it. */
export const ANALYTICS_PARTS = {
  /** Quartiles, mean, interval, days listed, shares of types and layouts, the offers left out. */
  figures: 'full',
  /** The monthly series (the table and the chart). */
  monthly: 'trend',
  /** Windows longer than 3 months (up to 24). */
  longWindow: 'trend',
  /** The report as a CSV file. */
  csv: 'export',
} as const satisfies Record<string, AnalyticsLevel>;
export type AnalyticsPart = keyof typeof ANALYTICS_PARTS;
export const ANALYTICS_PART_NAMES = Object.keys(ANALYTICS_PARTS) as AnalyticsPart[];

/** Longest window each level may ask for, months (the spec's window is 3; `MAX_REPORT_MONTHS` is 24). */
export const MAX_MONTHS_BY_LEVEL: Record<AnalyticsLevel, number> = { summary: 3, full: 3, trend: 24, export: 24 };

/** Whether `level` gets what `needed` gets. */
export const reaches = (level: AnalyticsLevel, needed: AnalyticsLevel) => ANALYTICS_LEVELS.indexOf(level) >= ANALYTICS_LEVELS.indexOf(needed);

/** The caller's level: a visitor (no session, `null`) gets the summary, as a registered user does. */
export const analyticsLevelOf = (role: number | null): AnalyticsLevel => entitlementsOf(role ?? 0).analytics;

/** The cheapest paid tier whose level reaches `level` (the "available from" note). */
export const cheapestTierForLevel = (level: AnalyticsLevel): PlanTier =>
  PLAN_TIERS.find((tier) => reaches(entitlementsOf(PLANS[tier].role).analytics, level))!;

/** The lowest level that may ask for a window of `months`. */
export const levelForMonths = (months: number): AnalyticsLevel => ANALYTICS_LEVELS.find((l) => MAX_MONTHS_BY_LEVEL[l] >= months) ?? 'export';

/** Parts a level does not get. */
export const lockedParts = (level: AnalyticsLevel): AnalyticsPart[] => ANALYTICS_PART_NAMES.filter((p) => !reaches(level, ANALYTICS_PARTS[p]));

/** A report as computed, before `trimReport` says what the caller may see of it. */
export type FullReportAnswer = Omit<ReportAnswer, 'level' | 'locked'>;

/**
 * The report as a caller of `level` may see it: what the level does not get is not in the answer
 * at all (hiding it only in the page would give it to anyone who reads the API), and `level` and
 * `locked` say what was kept back so the page can say from which tier.
 */
export function trimReport(answer: FullReportAnswer, level: AnalyticsLevel): ReportAnswer {
  const r = answer.report;
  const base = { status: r.status, asOf: r.asOf, n: r.n };
  const report: ReportAnswer['report'] = reaches(level, 'full')
    ? { ...r }
    : {
        ...base,
        price: r.price && { n: r.price.n, median: r.price.median },
        pricePerM2: r.pricePerM2 && { n: r.pricePerM2.n, median: r.pricePerM2.median },
      };
  if (!reaches(level, 'trend')) delete report.monthly;
  return { ...answer, report, level, locked: lockedParts(level) };
}
