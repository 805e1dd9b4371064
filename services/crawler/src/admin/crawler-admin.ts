import type { Bus } from '@rr/kit';
import { AppError } from '@rr/kit';
import { PORTALS, type Portal } from '@rr/proto';
import type { PortalSettings } from '../config';
import type { ListingStateRepository } from '../repositories/listing-state.repository';
import type { CrawlAlertRepository } from '../repositories/crawl-alert.repository';
import type { CrawlStatsRepository, HourlyStats } from '../repositories/crawl-stats.repository';
import type { PortalStateDoc } from '../repositories/portal-state.model';
import type { PortalStateRepository } from '../repositories/portal-state.repository';
import { summarise } from './stats-summary';

const DAY = 86_400_000;

export type CrawlerAdminDeps = {
  portals: PortalStateRepository;
  listings: ListingStateRepository;
  stats: CrawlStatsRepository;
  alerts: CrawlAlertRepository;
  settings: Record<Portal, PortalSettings>;
  bus: Bus;
};

export type Admin = { id: string; email: string };

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const pausedView = (p: PortalStateDoc['paused']) => (p ? { at: iso(p.at)!, by: p.by } : null);

/**
 * What the administration's crawler page shows, from counters and indexed reads only: the
 * portals' state documents (7), their hourly counters of the last 7 days (≤ 7 × 168), and per
 * portal the newest parse failures and alerts from their `(portal, time)` indexes.
 */
export class CrawlerAdmin {
  constructor(private readonly deps: CrawlerAdminDeps) {}

  async overview(now = new Date()) {
    const { portals, listings, stats, alerts, settings } = this.deps;
    const [states, hours] = await Promise.all([portals.all(), stats.since(new Date(now.getTime() - 7 * DAY))]);
    const byId = new Map(states.map((s) => [s._id, s]));
    const views = await Promise.all(PORTALS.map(async (portal) => {
      const state = byId.get(portal);
      const h = state?.health;
      const [failures, raised] = await Promise.all([listings.recentFailures(portal, 10), alerts.recent(portal, 10)]);
      return {
        portal,
        enabled: settings[portal].enabled,
        paused: pausedView(state?.paused ?? null),
        lastSuccessAt: iso(h?.lastSuccessAt),
        lastCrawlAt: iso(h?.lastCrawlAt),
        nextTickAt: iso(state?.nextTickAt),
        lastError: h?.lastError ?? null,
        circuit: h?.circuit ?? 'closed',
        listingsKnown: h?.listingsKnown ?? 0,
        alert: h?.alert ? { kind: h.alert.kind ?? 'failing', reason: h.alert.reason, since: iso(h.alert.since)! } : null,
        ...summarise(hours.filter((x) => x.portal === portal), now),
        recentFailures: failures.map((f) => ({ url: f.url, reason: f.reason, at: iso(f.at)! })),
        alerts: raised.map((a) => ({ kind: a.kind, reason: a.reason, raisedAt: iso(a.raisedAt)!, clearedAt: iso(a.clearedAt) })),
      };
    }));
    return { generatedAt: now.toISOString(), portals: views, hours: hours.map(hourView) };
  }

  /** Pauses or resumes a portal for every instance, durably, and reports it to the audit log. */
  async setPaused(portalName: string, pause: boolean, admin: Admin) {
    const portal = PORTALS.find((p) => p === portalName);
    if (!portal) throw new AppError('NOT_FOUND', `unknown portal "${portalName.slice(0, 40)}"; one of ${PORTALS.join(', ')}`);
    const at = new Date();
    const before = await this.deps.portals.setPaused(portal, pause ? { at, by: admin.email } : null);
    if (!before) throw new AppError('NOT_FOUND', `portal ${portal} has no state yet`);
    await this.deps.bus.publish('admin-action.recorded', portal, {
      adminId: admin.id, adminEmail: admin.email, action: pause ? 'crawler.paused' : 'crawler.resumed', targetType: 'portal', targetId: portal,
      before: { paused: !!before.paused }, after: { paused: pause }, at: at.toISOString(),
    });
    return { portal, paused: pause ? { at: at.toISOString(), by: admin.email } : null };
  }
}

function hourView(h: HourlyStats) {
  return {
    portal: h.portal, hour: iso(h.hour)!, crawls: h.crawls ?? 0, failedCrawls: h.failedCrawls ?? 0, listingsSeen: h.listingsSeen ?? 0,
    emitted: h.emitted ?? 0, withdrawn: h.withdrawn ?? 0, parseFailures: h.parseFailures ?? 0, fetchErrors: h.fetchErrors ?? 0,
  };
}
