import { PORTALS, type Portal } from '@rr/proto';
import type { PortalSettings } from '../config';
import type { PortalRunner } from '../crawl/portal-runner';
import type { PortalStateRepository } from '../repositories/portal-state.repository';
import type { CrawlScheduler } from '../schedule/crawl-scheduler';

export type SnapshotOptions = {
  instanceId: string;
  portals: PortalStateRepository;
  settings: Record<Portal, PortalSettings>;
  runners: Partial<Record<Portal, PortalRunner>>;
  scheduler: CrawlScheduler;
  alertAfterMs: number;
  refreshMs?: number;
};

/**
 * The health endpoint's `details`: every portal as the database last saw it (whichever instance
 * crawled it), refreshed in the background because the health handler reads it synchronously.
 */
export class HealthSnapshot {
  private current: Record<string, unknown> = {};
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SnapshotOptions) {}

  start(): void {
    const refresh = () => void this.refresh().catch(() => undefined);
    refresh();
    this.timer = setInterval(refresh, this.options.refreshMs ?? 2_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  details(): Record<string, unknown> {
    return this.current;
  }

  async refresh(now = new Date()): Promise<Record<string, unknown>> {
    const { settings, runners, instanceId, scheduler, alertAfterMs } = this.options;
    const states = new Map((await this.options.portals.all()).map((s) => [s._id, s]));
    const alerts: string[] = [];
    const portals = Object.fromEntries(
      PORTALS.map((portal) => {
        const state = states.get(portal);
        const h = state?.health;
        const crawled = !!runners[portal];
        let alert = h?.alert?.reason ?? null;
        const lastCrawl = h?.lastCrawlAt ? new Date(h.lastCrawlAt).getTime() : null;
        if (!alert && crawled && !state?.paused && lastCrawl !== null && now.getTime() - lastCrawl > alertAfterMs) alert = `not crawled for ${Math.round((now.getTime() - lastCrawl) / 60_000)} min`;
        if (alert) alerts.push(`${portal}: ${alert}`);
        return [
          portal,
          {
            crawled,
            paused: state?.paused ?? null,
            robots: settings[portal].honourRobots ? 'honoured' : settings[portal].robotsNote,
            crawledBy: h?.crawledBy ?? null,
            lastCrawlAt: h?.lastCrawlAt ?? null,
            lastSuccessAt: h?.lastSuccessAt ?? null,
            lastMode: h?.lastMode ?? null,
            listingsSeen: h?.listingsSeen ?? 0,
            listingsKnown: h?.listingsKnown ?? 0,
            emittedTotal: h?.emittedTotal ?? 0,
            withdrawnTotal: h?.withdrawnTotal ?? 0,
            parseFailures: h?.parseFailuresTotal ?? 0,
            lastParseFailures: h?.lastParseFailures ?? 0,
            consecutiveFailures: h?.consecutiveFailures ?? 0,
            lastError: h?.lastError ?? null,
            circuit: runners[portal] && h?.crawledBy === instanceId ? runners[portal]!.circuitState : h?.circuit ?? 'closed',
            nextTickAt: state?.nextTickAt ?? null,
            requestsHere: runners[portal]?.requestStats ?? null,
            alert,
          },
        ];
      }),
    );
    this.current = { instanceId, crawlingHere: scheduler.held(), alerts, portals };
    return this.current;
  }
}
