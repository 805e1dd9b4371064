import { AppError } from '@rr/kit';
import {
  MAX_MONTHS_BY_LEVEL, PLANS, ROLE_LABELS, cheapestTierForLevel, levelForMonths, reaches, trimReport,
  type AnalyticsLevel, type FullReportAnswer, type Locale, type ReportAnswer, type ReportQuery,
} from '@rr/proto';

export type ReportSource = { report(q: ReportQuery): Promise<FullReportAnswer> };

const tierName = (level: AnalyticsLevel, locale: Locale) => ROLE_LABELS[PLANS[cheapestTierForLevel(level)].role][locale];

const MESSAGES = {
  months: {
    cs: (months: number, max: number, tier: string) => `Období ${months} měsíců je k dispozici od tarifu ${tier}; váš tarif dovoluje nejvýše ${max} měsíce.`,
    en: (months: number, max: number, tier: string) => `A ${months}-month period is available from the ${tier} plan; yours allows up to ${max} months.`,
  },
  csv: {
    cs: (tier: string) => `Export do CSV je k dispozici od tarifu ${tier}.`,
    en: (tier: string) => `The CSV export is available from the ${tier} plan.`,
  },
};

/**
 * The one place a report's depth is enforced (issue 15, `analytics` in the entitlement table):
 * a window longer than the level allows is refused in words naming the tier that has it (an
 * answer quietly cut to 3 months could be taken for the 12 asked for — the web page never asks
 * for more than the level allows and says why), then the report is trimmed to the level
 * (`trimReport` in proto). The web's report, the public API's and the CSV all come through here.
 */
export async function reportAtLevel(reports: ReportSource, query: ReportQuery, level: AnalyticsLevel, locale: Locale): Promise<ReportAnswer> {
  const max = MAX_MONTHS_BY_LEVEL[level];
  if (query.months > max) {
    const needed = levelForMonths(query.months);
    const tier = tierName(needed, locale);
    const message = MESSAGES.months[locale](query.months, max, tier);
    throw new AppError('FEATURE_NOT_IN_PLAN', message, { fields: { months: message }, details: { level, requiredLevel: needed, tier: cheapestTierForLevel(needed), maxMonths: max } });
  }
  return trimReport(await reports.report(query), level);
}

/** The CSV export is the `export` level's: anyone below is refused in words naming the tier. */
export function requireExport(level: AnalyticsLevel, locale: Locale): void {
  if (reaches(level, 'export')) return;
  throw new AppError('FEATURE_NOT_IN_PLAN', MESSAGES.csv[locale](tierName('export', locale)), { details: { level, requiredLevel: 'export', tier: cheapestTierForLevel('export') } });
}
