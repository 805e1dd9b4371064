import type { Logger } from '@rr/kit';
import type { Portal } from '@rr/proto';
import type { PortalAdapter } from '../adapters/types';
import type { PortalSettings } from '../config';
import { nextHealth, type CrawlOutcome, type HealthChange } from '../health/portal-health';
import type { PoliteClient } from '../http/polite-client';
import type { CrawlAlertRepository } from '../repositories/crawl-alert.repository';
import type { CrawlStatsRepository } from '../repositories/crawl-stats.repository';
import type { ListingStateRepository } from '../repositories/listing-state.repository';
import type { PortalHealthDoc, PortalStateDoc } from '../repositories/portal-state.model';
import type { PortalStateRepository } from '../repositories/portal-state.repository';
import { crawlPortal, type CrawlMode, type CrawlReport, type CrawlSink, type KnownListing } from './crawl-portal';
import type { ListingEvents } from './listing-events';

export type RunnerOptions = {
  settings: PortalSettings;
  adapter: PortalAdapter;
  client: PoliteClient;
  listings: ListingStateRepository;
  portals: PortalStateRepository;
  /** Puts what the crawl learns on Kafka; shared by every portal, so concurrent listings travel together. */
  listingEvents: ListingEvents;
  instanceId: string;
  maxPages: number;
  fullWalkMaxPages: number;
  fullWalkMs: number;
  alertAfterMs: number;
  /** Listing journal documents (saved pages) after which a crawl ends with a compaction. */
  compactAfterDocs: number;
  log: Logger;
  /** Hourly counters and the alert history for the admin page. */
  stats: CrawlStatsRepository;
  alerts: CrawlAlertRepository;
  /** Observers for tests and metrics. */
  onCrawled?: (event: { portal: Portal; instanceId: string; startedAt: number; endedAt: number; report: CrawlReport | null }) => void;
};

/** `nextDelayMs` counts from the crawl's start: the scheduler keeps ticks start to start. */
export type RunResult = { health: PortalHealthDoc; nextDelayMs: number; fullWalkAt?: Date };

/**
 * Runs the crawls of one portal on this instance: chooses incremental or full, keeps the known
 * listings in memory while `stateVersion` says they are current, turns the report into health.
 */
export class PortalRunner {
  private cache: { version: number; known: Map<string, KnownListing>; journalDocs: number } | null = null;

  constructor(private readonly options: RunnerOptions) {}

  get portal(): Portal {
    return this.options.settings.portal;
  }

  /** The configured time between ticks (a paused portal ticks at this rhythm without crawling). */
  get intervalMs(): number {
    return this.options.settings.intervalMs;
  }

  get circuitState(): string {
    return this.options.client.circuit.state;
  }

  /** Requests, retries, 429s and 304s of this instance's client since it started. */
  get requestStats() {
    return { ...this.options.client.stats };
  }

  async run(state: PortalStateDoc, signal: AbortSignal): Promise<RunResult> {
    const { settings, client, log, instanceId } = this.options;
    const startedAt = Date.now();
    const mode = this.modeOf(state, startedAt);
    let outcome: CrawlOutcome;
    let report: CrawlReport | null = null;
    try {
      const known = await this.knownAt(state.stateVersion);
      report = await crawlPortal({ portal: this.portal, adapter: this.options.adapter, client, baseUrl: settings.baseUrl, known, sink: this.sink(), mode, maxPages: mode === 'full' ? this.options.fullWalkMaxPages : this.options.maxPages, log, signal });
      outcome = { kind: 'crawled', report };
      log.info({ portal: this.portal, ...report, ms: Date.now() - startedAt }, 'crawled');
      await this.compactIfDue();
    } catch (err) {
      if (signal.aborted) throw err;
      outcome = { kind: 'failed', error: (err as Error).message };
      log.warn({ portal: this.portal, err: (err as Error).message }, 'crawl failed');
    }
    this.options.onCrawled?.({ portal: this.portal, instanceId, startedAt, endedAt: Date.now(), report });
    const change = this.healthAfter(state.health, outcome);
    await this.record(outcome, change, new Date());
    const health = change.health;
    return { health, nextDelayMs: this.nextDelay(health, startedAt), fullWalkAt: report?.mode === 'full' && report.complete ? new Date(startedAt) : undefined };
  }

  private modeOf(state: PortalStateDoc, now: number): CrawlMode {
    const last = state.lastFullWalkAt ? new Date(state.lastFullWalkAt).getTime() : 0;
    return now - last >= this.options.fullWalkMs ? 'full' : 'incremental';
  }

  /** Another instance may have crawled the portal since we last did; then we read the states again. */
  private async knownAt(version: number): Promise<Map<string, KnownListing>> {
    if (this.cache?.version !== version) this.cache = { version, ...(await this.options.listings.loadKnown(this.portal)) };
    return this.cache.known;
  }

  /** Folds the pages saved so far into one snapshot, so loading stays one short read. */
  private async compactIfDue(): Promise<void> {
    if (!this.cache || this.cache.journalDocs < this.options.compactAfterDocs) return;
    const started = Date.now();
    await this.options.listings.compact(this.portal, this.cache.version, this.cache.known);
    this.options.log.info({ portal: this.portal, known: this.cache.known.size, pages: this.cache.journalDocs, ms: Date.now() - started }, 'listing journal compacted');
    this.cache.journalDocs = 0;
  }

  private sink(): CrawlSink {
    const { listingEvents, listings, portals } = this.options;
    const portal = this.portal;
    return {
      fetched: (item, origin) => listingEvents.fetched(item, origin),
      withdrawn: (items) => listingEvents.withdrawn(portal, items),
      // The new version orders the page in the journal and tells other instances their copy is stale.
      saveListings: async (changes) => {
        const version = await portals.bumpVersion(portal);
        await listings.save(portal, version, changes);
        if (this.cache) {
          this.cache.version = version;
          this.cache.journalDocs++;
        }
      },
      saveFailures: (failures) => listings.saveFailures(failures),
    };
  }

  /** The admin page's counters and alert history; a failure here never fails the crawl. */
  private async record(outcome: CrawlOutcome, change: HealthChange, now: Date): Promise<void> {
    const { stats, alerts, log } = this.options;
    const counts = outcome.kind === 'crawled'
      ? { crawls: 1, listingsSeen: outcome.report.listingsSeen, emitted: outcome.report.emitted, withdrawn: outcome.report.withdrawn, parseFailures: outcome.report.parseFailures, fetchErrors: outcome.report.fetchErrors }
      : { crawls: 1, failedCrawls: 1 };
    try {
      await stats.add(this.portal, now, counts);
      const alert = change.health.alert;
      if (change.raised && alert) await alerts.raised(this.portal, alert.kind ?? 'failing', alert.reason, new Date(alert.since));
      if (change.cleared) await alerts.cleared(this.portal, now);
    } catch (err) {
      log.warn({ portal: this.portal, err }, 'crawl statistics not recorded');
    }
  }

  private healthAfter(prev: PortalHealthDoc, outcome: CrawlOutcome): HealthChange {
    const known = this.cache ? [...this.cache.known.values()].filter((k) => k.status === 'active').length : prev.listingsKnown;
    const change = nextHealth(prev, outcome, {
      instanceId: this.options.instanceId,
      now: new Date(),
      circuit: this.options.client.circuit.state,
      listingsKnown: known,
      alertAfterMs: this.options.alertAfterMs,
    });
    if (change.raised) this.options.log.error({ portal: this.portal, alert: change.health.alert }, `ALERT ${this.portal}: ${change.health.alert?.reason}`);
    if (change.cleared) this.options.log.info({ portal: this.portal }, `alert cleared for ${this.portal}`);
    return change;
  }

  /** The configured interval, stretched while the portal keeps failing or its circuit is open; from the crawl's start. */
  private nextDelay(health: PortalHealthDoc, startedAt: number): number {
    const interval = this.options.settings.intervalMs;
    const stretched = interval * 2 ** Math.min(health.consecutiveFailures, 4);
    const circuitWait = this.options.client.circuit.retryAt - startedAt;
    return Math.max(stretched, circuitWait);
  }
}
