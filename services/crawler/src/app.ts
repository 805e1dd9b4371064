import { hostname } from 'node:os';
import express from 'express';
import { jsonErrorHandler, listen, type ServiceContext } from '@rr/kit';
import { PORTALS, type Portal } from '@rr/proto';
import type { PortalAdapter } from './adapters/types';
import { portalSettingsOf, type CrawlerConfig, type PortalSettings } from './config';
import { PortalRunner, type RunnerOptions } from './crawl/portal-runner';
import { ListingEvents } from './crawl/listing-events';
import { CRAWL_REQUESTED_GROUP, onCrawlRequested } from './handlers/on-crawl-requested';
import { createBrowserRenderer, type Renderer } from './http/browser';
import { PoliteClient } from './http/polite-client';
import type { Transport } from './http/transport';
import { CrawlerAdmin } from './admin/crawler-admin';
import { crawlerAdminRoutes } from './admin/crawler-admin.routes';
import { CrawlAlertRepository } from './repositories/crawl-alert.repository';
import { CrawlStatsRepository } from './repositories/crawl-stats.repository';
import { ListingStateRepository } from './repositories/listing-state.repository';
import { PortalStateRepository } from './repositories/portal-state.repository';
import { CrawlScheduler, type TickPublisher } from './schedule/crawl-scheduler';
import { TickSeeder } from './schedule/tick-seeder';
import { HealthSnapshot } from './health/health-snapshot';

export type CrawlerOptions = {
  adapters: Partial<Record<Portal, PortalAdapter>>;
  transport?: Transport;
  renderer?: Renderer;
  onCrawled?: RunnerOptions['onCrawled'];
};

/** Wires the crawler into a running service context; used by main.ts and integration tests. */
export async function startCrawler(ctx: ServiceContext<CrawlerConfig>, options: CrawlerOptions) {
  const { config, bus, log, shutdown } = ctx;
  if (!ctx.db) throw new Error('the crawler needs its database');
  const instanceId = config.CRAWLER_INSTANCE_ID ?? `${hostname()}-${process.pid}`;
  const settings = portalSettingsOf(config);
  const listings = new ListingStateRepository(ctx.db);
  const portals = new PortalStateRepository(ctx.db);
  const stats = new CrawlStatsRepository(ctx.db);
  const alerts = new CrawlAlertRepository(ctx.db);
  await Promise.all([portals.ensure(PORTALS), stats.init(), alerts.init()]);

  const renderer = options.renderer ?? createBrowserRenderer(config.CHROMIUM_PATH, log);
  shutdown.add('browser', () => renderer.close());
  if (PORTALS.some((p) => settings[p].enabled && options.adapters[p]?.rendersPages)) renderer.warmUp();
  const shutdownSignal = new AbortController();
  const runners: Partial<Record<Portal, PortalRunner>> = {};
  const listingEvents = new ListingEvents(bus);
  for (const portal of PORTALS) {
    const adapter = options.adapters[portal];
    if (!settings[portal].enabled) continue;
    if (!adapter) {
      log.warn({ portal }, 'no adapter for portal; not crawled');
      continue;
    }
    const client = clientFor(settings[portal], config, { log, renderer, transport: options.transport, signal: shutdownSignal.signal });
    runners[portal] = new PortalRunner({
      settings: settings[portal], adapter, client, listings, portals, listingEvents, instanceId, log,
      maxPages: config.CRAWL_MAX_PAGES,
      fullWalkMaxPages: config.CRAWL_FULL_WALK_MAX_PAGES,
      fullWalkMs: config.CRAWL_FULL_WALK_SECONDS * 1000,
      alertAfterMs: config.CRAWL_ALERT_AFTER_SECONDS * 1000,
      compactAfterDocs: config.CRAWL_JOURNAL_COMPACT_PAGES,
      stats, alerts,
      onCrawled: options.onCrawled,
    });
  }

  // One partition per portal, pinned by index: the key hash of seven names would share partitions.
  const publishTick: TickPublisher = async (portal, at) => {
    await bus.publishMany('crawl.requested', [{ key: portal, data: { portal, requestedAt: at.toISOString() }, partition: PORTALS.indexOf(portal) }]);
  };
  const scheduler = new CrawlScheduler({ instanceId, runners, portals, publishTick, leaseMs: config.CRAWL_LEASE_SECONDS * 1000, log, abort: shutdownSignal });
  await bus.subscribe({ group: CRAWL_REQUESTED_GROUP, events: ['crawl.requested'], fromBeginning: true, handle: onCrawlRequested(scheduler) });

  const intervals = Object.fromEntries(Object.keys(runners).map((p) => [p, settings[p as Portal].intervalMs]));
  const seeder = new TickSeeder({ portals, intervals, graceMs: config.CRAWL_TICK_GRACE_SECONDS * 1000, checkEveryMs: config.CRAWL_SEED_CHECK_SECONDS * 1000, publishTick, log });
  seeder.start();

  const snapshot = new HealthSnapshot({ instanceId, portals, settings, runners, scheduler, alertAfterMs: config.CRAWL_ALERT_AFTER_SECONDS * 1000 });
  snapshot.start();

  shutdown.add('crawler', async () => {
    snapshot.stop();
    await seeder.stop();
    await scheduler.stop();
  });
  const admin = new CrawlerAdmin({ portals, listings, stats, alerts, settings, bus });
  const app = express();
  app.disable('x-powered-by');
  app.use(crawlerAdminRoutes(admin, config.JWT_SECRET, log));
  app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
  app.use(jsonErrorHandler(log));
  const api = await listen(app, { host: config.BIND_HOST, port: config.CRAWLER_API_PORT }, 'crawler admin API');
  shutdown.add('api', api.close);

  log.info({ instanceId, portals: Object.keys(runners), apiPort: api.port }, 'crawler ready');
  return { instanceId, scheduler, seeder, snapshot, apiPort: api.port, details: () => ({ ...snapshot.details(), apiPort: api.port }) };
}

function clientFor(settings: PortalSettings, config: CrawlerConfig, deps: { log: ServiceContext<CrawlerConfig>['log']; renderer: Renderer; transport?: Transport; signal: AbortSignal }) {
  return new PoliteClient({
    portal: settings.portal,
    baseUrl: settings.baseUrl,
    userAgent: config.CRAWL_USER_AGENT,
    honourRobots: settings.honourRobots,
    robotsTtlMs: config.CRAWL_ROBOTS_TTL_SECONDS * 1000,
    ratePerSecond: settings.ratePerSecond,
    burst: settings.burst,
    concurrency: settings.concurrency,
    timeoutMs: config.CRAWL_REQUEST_TIMEOUT_MS,
    maxRetries: config.CRAWL_MAX_RETRIES,
    backoff: { baseMs: config.CRAWL_BACKOFF_BASE_MS, capMs: config.CRAWL_BACKOFF_CAP_MS },
    maxRetryAfterMs: config.CRAWL_MAX_RETRY_AFTER_MS,
    circuit: { failureThreshold: config.CRAWL_CIRCUIT_FAILURES, cooldownMs: config.CRAWL_CIRCUIT_COOLDOWN_MS },
    log: deps.log,
    renderer: deps.renderer,
    transport: deps.transport,
    signal: deps.signal,
  });
}
