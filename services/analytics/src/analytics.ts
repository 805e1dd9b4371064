import { getGazetteer } from '@rr/gazetteer';
import { listen, type Logger, type ServiceContext, type Shutdown } from '@rr/kit';
import type { AnalyticsConfig } from './config';
import { onOfferEvents } from './handlers/on-offer-event.handler';
import { createAnalyticsApi } from './http/analytics-api';
import { CachedReadModel } from './reports/cached-read-model';
import { followCountsNotices } from './reports/counts-notices';
import { reportWindow } from './domain/report-window';
import { PriceEstimates } from './reports/price-estimates';
import { PriceReports, type PlaceLookup } from './reports/price-reports';
import { OfferFactRepository } from './repositories/offer-fact.repository';
import { FilingJournalRepository } from './repositories/filing-journal.repository';
import { PendingWithdrawalRepository } from './repositories/pending-withdrawal.repository';
import { PriceBucketRepository } from './repositories/price-bucket.repository';

/**
 * Offer events filed together at most (docs/decisions.md, "Offer events filed in batches"): a
 * fetch of a busy partition is filed in slices of this many, each a few reads and bulk writes.
 */
const OFFER_EVENT_BATCH = 200;

/**
 * Keeps the offers' read model for reports and estimates and answers them over HTTP. One
 * consumer group reads the three offer topics from the beginning the first time, so a new
 * deployment builds its model from the retained history.
 */
export async function startAnalytics({ config, log, bus, db, shutdown }: ServiceContext<AnalyticsConfig>) {
  const facts = new OfferFactRepository(db!);
  const buckets = new PriceBucketRepository(db!);
  await Promise.all([facts.init(), buckets.init()]);
  const readModel = new CachedReadModel(buckets, { countsChars: config.REPORT_COUNTS_CHARS, bucketBytes: config.REPORT_BUCKETS_MB * 1_000_000 });
  const warming: Warming = config.REPORT_WARM_MONTHS > 0 ? warmingOf(readModel, buckets, config.REPORT_WARM_MONTHS, config.REPORT_WARM_DELAY_SECONDS * 1000, log, shutdown) : { state: { phase: 'off' }, start: () => {} };
  const notices = await followCountsNotices(bus, readModel, log, shutdown, warming.start);
  await bus.subscribe({
    group: 'analytics.on-offer-event',
    events: ['offer.published', 'offer.updated', 'offer.withdrawn'],
    fromBeginning: true,
    batchSize: OFFER_EVENT_BATCH,
    handleBatch: onOfferEvents({ facts, buckets, pending: new PendingWithdrawalRepository(db!), journal: new FilingJournalRepository(db!) }, notices.announce),
  });

  const gazetteer = getGazetteer();
  const places: PlaceLookup = (kind, code) => {
    const p = gazetteer.placeByCode(kind, code);
    return p ? { kind: p.kind, code: p.code, name: p.label, point: p.point } : null;
  };
  const api = await listen(createAnalyticsApi({ reports: new PriceReports(readModel, places), estimates: new PriceEstimates(facts, buckets), jwtSecret: config.JWT_SECRET, log }), { host: config.BIND_HOST, port: config.ANALYTICS_API_PORT }, 'analytics API');
  shutdown.add('analytics-api', api.close);
  log.info({ port: api.port }, 'analytics API listening');
  return { details: () => ({ apiPort: api.port, reportCopies: readModel.isFollowing ? 'following' : 'checking', reportReads: readModel.stats, reportCopiesHeld: readModel.held, reportWarming: warming.state }) };
}

/** Where warming the report copies stands (health details `reportWarming`; bench:scale waits for it). */
type Warming = { state: { phase: 'off' | 'waiting' | 'warming' | 'done' | 'stopped'; seconds?: number; counts?: number; buckets?: number }; start: () => void };

/**
 * Reads the window's counts and buckets into the copies in the background, `delayMs` after they
 * first follow the changed counts, so that reports of any place answer from memory (docs/decisions.md,
 * "Report reads"). Stopped at shutdown.
 */
function warmingOf(readModel: CachedReadModel, buckets: PriceBucketRepository, months: number, delayMs: number, log: Logger, shutdown: Shutdown): Warming {
  const stop = new AbortController();
  let delay: NodeJS.Timeout | undefined;
  shutdown.add('report-warming', () => {
    clearTimeout(delay);
    stop.abort();
  });
  const run = () => {
    const started = Date.now();
    const { fromMonth, toMonth } = reportWindow(started, months);
    const seconds = () => Math.round((Date.now() - started) / 100) / 10;
    warming.state = { phase: 'warming' };
    readModel.warm(buckets.rawCountsPages(1_000), fromMonth, toMonth, stop.signal).then(
      (warmed) => {
        warming.state = { phase: 'done', seconds: seconds(), ...warmed };
        log.info(warming.state, 'report copies warmed');
      },
      (err: Error) => {
        warming.state = { phase: 'stopped', seconds: seconds() };
        log.warn({ err }, 'warming the report copies stopped; reports read what they miss');
      },
    );
  };
  const warming: Warming = {
    state: { phase: 'waiting' },
    start: () => {
      delay = setTimeout(run, delayMs);
      delay.unref();
    },
  };
  return warming;
}
