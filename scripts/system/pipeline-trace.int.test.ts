import { randomUUID } from 'node:crypto';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { Bus, createLogger, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import { exampleWatchdog } from '@rr/proto/examples';
import { ADAPTERS } from '../../services/crawler/src/adapters';
import { portalsEnv, startInstance } from '../../services/crawler/test/support/harness';
import { startSimulator } from '../../services/crawler/test/support/simulator';
import { matcherService } from '../../services/matcher/src/main';
import { normaliserService } from '../../services/normaliser/src/main';
import { notifierService } from '../../services/notifier/src/main';

/**
 * One offer, one trace: the portal simulator publishes a flat, and the spans of the crawler's
 * fetch, the normaliser, the matcher and the notifier's e-mail share one trace id, each a child
 * of the one before (through Kafka headers and the normaliser's outbox). The four services run
 * in this process on the real broker and database; spans are collected in memory.
 */
jest.setTimeout(90_000);

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider();
provider.addSpanProcessor(new SimpleSpanProcessor(exporter));
provider.register({ contextManager: new AsyncLocalStorageContextManager() });

type Stoppable = { stop: () => Promise<void> };

describe('the trace of one offer', () => {
  const email = `trace-${randomUUID().slice(0, 8)}@example.cz`;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let bus: Bus;
  const running: Stoppable[] = [];

  beforeAll(async () => {
    sim = await startSimulator(11);
    const { env } = testEnv({
      ...portalsEnv(['sreality'], sim.origin),
      CRAWL_RATE_MULTIPLIER: '100', CRAWL_SEED_CHECK_SECONDS: '0.5', CRAWL_TICK_GRACE_SECONDS: '5',
      OFFERS_API_PORT: '0', NOTIFIER_API_PORT: '0', CRAWLER_API_PORT: '0', NORMALISER_FROM_BEGINNING: 'true',
      PUBLIC_URL: 'https://realityradar.test', WATCHDOG_LINK_SECRET: 'x'.repeat(40), JWT_SECRET: 'j'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025',
      ALERT_WINDOW_MS: '200',
    });
    bus = new Bus({ clientId: 'trace-test', brokers: env.KAFKA_BROKERS!.split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    // A topic just created may not answer offset requests for a moment; the matcher asks at start.
    await waitForValue('served topics', () => bus.endOffsets('watchdog.changed').then(() => true, () => false));
    const options = { trapSignals: false };
    // Saved before the matcher starts, so its replay holds it (a change published later travels on
    // another topic than the offer and could be read after it).
    await bus.publish('watchdog.changed', 'w_trace', { watchdogId: 'w_trace', watchdog: { ...exampleWatchdog, id: 'w_trace', email, expiresAt: null } });
    const matcher = await runService(matcherService, env, options);
    running.push(matcher);
    // Ready once its offer groups have joined: a group new to Kafka does not see what came before,
    // and a stop in the middle of a join ends the process (matcher.ts).
    await waitForValue('the matcher consuming offers', async () => (await fetch(`http://127.0.0.1:${matcher.healthPort}/ready`)).ok, 60_000);
    running.push(await runService(notifierService, env, options));
    running.push(await runService(normaliserService, env, options));
    running.push(await startInstance(env as Record<string, string>, { adapters: ADAPTERS }));
  });

  afterAll(async () => {
    for (const s of running.reverse()) await s.stop();
    await bus?.disconnect();
    await sim?.close();
    await provider.shutdown();
  });

  it('runs from the crawler fetch through normaliser and matcher to the accepted e-mail', async () => {
    sim.sim.publish({ adType: 'Sale', realEstateType: 'Apartment', disposition: '3+kk', area: 72, price: 6_900_000, municipalityCode: '554782', portals: ['sreality'] });
    const mail = await waitForValue('the alert e-mail span', () => exporter.getFinishedSpans().find((s) => s.name === 'alert e-mail'), 60_000);

    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === mail.spanContext().traceId);
    const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
    const chain: ReadableSpan[] = [];
    for (let s: ReadableSpan | undefined = mail; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) chain.unshift(s);

    expect(chain.map((s) => s.name)).toEqual([
      'crawl fetch',
      'listing.fetched publish', 'listing.fetched process',
      'offer.published publish', 'offer.published process',
      'match.found publish', 'match.found process',
      'alert e-mail',
    ]);
    const services = new Set(chain.map((s) => s.attributes['rr.service']).filter(Boolean));
    expect([...services]).toEqual(['crawler', 'normaliser', 'matcher', 'notifier']);
    expect(spans.map((s) => s.name)).toContain('smtp send');
    // One correlation id from the fetch to the e-mail's alert.sent.
    const correlationIds = new Set(chain.map((s) => s.attributes['rr.correlation_id']).filter(Boolean));
    expect(correlationIds.size).toBe(1);
  });
});
