import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { testRunId, waitForValue } from '@rr/kit/testing';
import { PORTALS, type Envelope, type ListingFetchedV1, type ListingWithdrawnV1, type Portal } from '@rr/proto';
import { startCrawler, type CrawlerOptions } from '../../src/app';
import { CrawlerConfig } from '../../src/config';

/** Topic prefix and database suffix unique to one test file, as the brief asks. */
export function isolatedEnv(extra: Record<string, string> = {}): Record<string, string> {
  const id = testRunId();
  return {
    KAFKA_TOPIC_PREFIX: `t-${id}.`,
    MONGO_DB_SUFFIX: `-t${id}`,
    HEALTH_PORT: '0',
    CRAWLER_API_PORT: '0',
    JWT_SECRET: `test-secret-${id}-0123456789abcdefghijklmnop`,
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    CRAWL_RATE_MULTIPLIER: '100',
    CRAWL_SEED_CHECK_SECONDS: '0.5',
    CRAWL_TICK_GRACE_SECONDS: '5',
    CRAWL_BACKOFF_BASE_MS: '100',
    ...extra,
  };
}

/** Settings that switch every portal but `portals` off and point those at `origin`. */
export function portalsEnv(portals: readonly Portal[], origin: string, intervalSeconds = 0.3): Record<string, string> {
  return Object.fromEntries(
    PORTALS.flatMap((p) => [
      [`PORTAL_ENABLED_${p.toUpperCase()}`, String(portals.includes(p))],
      [`PORTAL_BASE_URL_${p.toUpperCase()}`, `${origin}/${p}`],
      [`PORTAL_INTERVAL_SECONDS_${p.toUpperCase()}`, String(intervalSeconds)],
    ]),
  );
}

export type CrawlerInstance = Awaited<ReturnType<typeof startInstance>>;

export async function startInstance(env: Record<string, string>, options: CrawlerOptions) {
  let crawler!: Awaited<ReturnType<typeof startCrawler>>;
  const service = await runService(
    {
      name: 'crawler',
      configSchema: CrawlerConfig,
      database: true,
      start: async (ctx) => {
        crawler = await startCrawler(ctx, options);
        return { details: crawler.details };
      },
    },
    env,
    { trapSignals: false },
  );
  return { ...service, crawler };
}

/** Creates the test's own topics (with the registry's partition counts) before any instance starts. */
export async function ensureTopics(env: Record<string, string>): Promise<void> {
  const bus = new Bus({ clientId: 'crawler-test-admin', brokers: env.KAFKA_BROKERS.split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
  await bus.connect();
  try {
    await bus.ensureTopics();
  } finally {
    await bus.disconnect();
  }
}

/** Reads what the crawler emits, from the beginning of the test's own topics. */
export async function startReader(env: Record<string, string>) {
  const bus = new Bus({ clientId: 'crawler-test', brokers: env.KAFKA_BROKERS.split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
  await bus.connect();
  await bus.ensureTopics();
  const fetched: Array<Envelope<ListingFetchedV1>> = [];
  const withdrawn: Array<Envelope<ListingWithdrawnV1>> = [];
  await bus.subscribe({
    group: `test.reader-${randomUUID().slice(0, 8)}`,
    events: ['listing.fetched', 'listing.withdrawn'],
    fromBeginning: true,
    handle: async (event) => {
      if (event.type === 'listing.fetched') fetched.push(event as Envelope<ListingFetchedV1>);
      else withdrawn.push(event as Envelope<ListingWithdrawnV1>);
    },
  });
  return { bus, fetched, withdrawn, close: () => bus.disconnect() };
}

/** Polls until `probe` answers something truthy, and returns it. */
export const waitFor = waitForValue;
