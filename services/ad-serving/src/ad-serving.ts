import express from 'express';
import { createMailer, listen, type ServiceContext } from '@rr/kit';
import type { AdServingConfig } from './config';
import { CampaignService } from './campaigns/campaign.service';
import { Counter } from './counting/counter';
import { onAdCreditPurchased } from './handlers/on-ad-credit-purchased';
import { onAlertSent } from './handlers/on-alert-sent';
import { apiRoutes } from './http/api.routes';
import { errorHandler } from './http/error-handler';
import { internalRoutes } from './http/internal.routes';
import { publicRoutes } from './http/public.routes';
import { BannerRepository } from './repositories/banner.repository';
import { CampaignRepository } from './repositories/campaign.repository';
import { CreditRepository } from './repositories/credit.repository';
import { StatsRepository } from './repositories/stats.repository';
import { LiveState } from './serving/live-state';
import { ServingSet } from './serving/serving-set';

const DAY = 86_400_000;
const SWEEP_MS = 3_600_000;

/**
 * Wires the repositories, the counting loop (the one writer of counts and money), the serving
 * set, the HTTP API (advertisers, administrators, e-mail URLs, the notifier's decision) and the
 * credit consumer. Recovery of an interrupted round runs before anything is served.
 */
export async function startAdServing(ctx: ServiceContext<AdServingConfig>) {
  const { config, log, bus, shutdown } = ctx;
  const db = ctx.db!;
  const campaigns = new CampaignRepository(db);
  const banners = new BannerRepository(db);
  const credit = new CreditRepository(db);
  const stats = new StatsRepository(db);
  await Promise.all([campaigns.init(), banners.init(), credit.init(), stats.init()]);

  const live = new LiveState({ campaigns, credit, stats }, config.ADS_HOLD_MINUTES * 60_000, log);
  const counter = new Counter(live, log.child({ component: 'counter' }));
  const recovered = await counter.recover();
  if (recovered.impressions > 0) log.warn(recovered, 'finished counting rounds interrupted before the last stop');
  const serving = new ServingSet(live, counter, {
    publicUrl: config.PUBLIC_URL, tokenSecret: config.AD_TOKEN_SECRET, tokenMs: config.ADS_TOKEN_DAYS * DAY, capPerDay: config.ADS_CAP_PER_DAY,
  }, log);
  counter.onTotals((id) => serving.touch(id));
  await serving.refresh();
  counter.start(config.ADS_FLUSH_MS);
  shutdown.add('counter', () => counter.stop());

  const refresh = setInterval(() => void serving.refresh().catch((err: Error) => log.warn({ err }, 'serving set not read; the last one serves')), config.ADS_REFRESH_MS);
  const sweep = setInterval(() => void stats.sweepBefore(new Date(Date.now() - config.ADS_TOKEN_DAYS * DAY)).catch((err: Error) => log.warn({ err }, 'token record sweep failed')), SWEEP_MS);
  shutdown.add('timers', () => (clearInterval(refresh), clearInterval(sweep)));

  const service = new CampaignService({
    campaigns, banners, credit, live, bus, mailer: createMailer(config, 'ad-serving'), publicUrl: config.PUBLIC_URL, log, refresh: () => serving.refresh(),
  });
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(publicRoutes({
    live, banners, counter, secret: config.AD_TOKEN_SECRET, publicUrl: config.PUBLIC_URL, log,
    rules: { prefetchMs: config.ADS_PREFETCH_SECONDS * 1000, scannerMs: config.ADS_SCANNER_SECONDS * 1000 },
  }));
  app.use(express.json({ limit: '32kb' }));
  app.use(internalRoutes(serving));
  app.use(apiRoutes({ campaigns, credit, stats, live, service, jwtSecret: config.JWT_SECRET, log }));
  app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Not found' } }));
  app.use(errorHandler(log));
  const server = await listen(app, { host: config.BIND_HOST, port: config.AD_API_PORT }, 'ad-serving API');
  shutdown.add('api', server.close);

  await bus.subscribe({ group: 'ad-serving.on-ad-credit-purchased', events: ['ad-credit.purchased'], fromBeginning: true, handle: onAdCreditPurchased(counter) });
  await bus.subscribe({ group: 'ad-serving.on-alert-sent', events: ['alert.sent'], fromBeginning: true, handleBatch: onAlertSent(counter) });
  log.info({ apiPort: server.port, campaigns: serving.size() }, 'ad-serving ready');
  return { details: () => ({ apiPort: server.port, serving: serving.size(), ...counter.stats, decisions: serving.timings.count, decisionP99us: Math.round(serving.timings.quantile(0.99)), emptyDecisions: serving.empty }), apiPort: server.port, counter, serving, live, repos: { campaigns, banners, credit, stats } };
}
