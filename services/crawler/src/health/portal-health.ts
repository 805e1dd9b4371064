import type { CrawlReport } from '../crawl/crawl-portal';
import type { AlertKind } from '../repositories/crawl-alert.model';
import type { PortalHealthDoc } from '../repositories/portal-state.model';

export type CrawlOutcome = { kind: 'crawled'; report: CrawlReport } | { kind: 'failed'; error: string };

export type HealthContext = { instanceId: string; now: Date; circuit: string; listingsKnown: number; alertAfterMs: number };

export type HealthChange = { health: PortalHealthDoc; raised: boolean; cleared: boolean };

/**
 * A crawl is productive when it saw listings and did not fail to parse everything it fetched.
 * A portal that has not been productive for `alertAfterMs` raises an alert: its layout most
 * likely changed (zero cards found, or every detail page failing), or it keeps refusing us.
 */
export function isProductive(report: CrawlReport): boolean {
  return report.listingsSeen > 0 && (report.emitted > 0 || report.parseFailures === 0);
}

export function nextHealth(prev: PortalHealthDoc, outcome: CrawlOutcome, ctx: HealthContext): HealthChange {
  const { now } = ctx;
  const health: PortalHealthDoc = { ...prev, crawledBy: ctx.instanceId, firstCrawlAt: prev.firstCrawlAt ?? now, lastCrawlAt: now, circuit: ctx.circuit, listingsKnown: ctx.listingsKnown };
  if (outcome.kind === 'crawled') {
    const { report } = outcome;
    Object.assign(health, {
      lastSuccessAt: now,
      lastMode: report.mode,
      consecutiveFailures: 0,
      lastError: null,
      listingsSeen: report.listingsSeen,
      emittedTotal: prev.emittedTotal + report.emitted,
      withdrawnTotal: prev.withdrawnTotal + report.withdrawn,
      parseFailuresTotal: prev.parseFailuresTotal + report.parseFailures,
      lastParseFailures: report.parseFailures,
      fetchErrors: report.fetchErrors,
    });
    if (isProductive(report)) health.lastProductiveAt = now;
  } else {
    Object.assign(health, { consecutiveFailures: prev.consecutiveFailures + 1, lastError: outcome.error });
  }
  const since = health.lastProductiveAt ?? health.firstCrawlAt!;
  const overdue = now.getTime() - new Date(since).getTime() >= ctx.alertAfterMs;
  health.alert = overdue ? { since: prev.alert?.since ?? now, ...alertOf(outcome, since, now) } : null;
  return { health, raised: overdue && !prev.alert, cleared: !overdue && !!prev.alert };
}

function alertOf(outcome: CrawlOutcome, since: Date, now: Date): { reason: string; kind: AlertKind } {
  const minutes = Math.round((now.getTime() - new Date(since).getTime()) / 60_000);
  if (outcome.kind === 'failed') return { kind: 'failing', reason: `no listings for ${minutes} min; last error: ${outcome.error}` };
  if (outcome.report.listingsSeen === 0) return { kind: 'zero-results', reason: `list pages show zero listings for ${minutes} min (layout change?)` };
  return { kind: 'parse-failures', reason: `only parse failures for ${minutes} min (layout change?)` };
}
