import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import { ROLES, type Watchdog } from '@rr/proto';
import { exampleWatchdog } from '@rr/proto/examples';
import { ADAPTERS } from '../../services/crawler/src/adapters';
import { portalsEnv, startInstance } from '../../services/crawler/test/support/harness';
import { startSimulator } from '../../services/crawler/test/support/simulator';
import { matcherService } from '../../services/matcher/src/main';
import { normaliserService } from '../../services/normaliser/src/main';
import { notifierService } from '../../services/notifier/src/main';
import { mailTo, type CaughtMail } from '../../services/notifier/test/helpers';

/**
 * Every alert kind end to end: the portal simulator publishes a flat, drops its price, withdraws it
 * and publishes it again on another portal; the crawler, normaliser, matcher and notifier run in
 * this process on the real broker and database, and the mail catcher shows who got which e-mail:
 * the paying owner who asked for every kind gets the new offer, the drop, the notice and the
 * comeback, each once; the free owner gets the new offer only; a free owner whose watchdog was made
 * while the flat was withdrawn gets it as a new offer when it comes back.
 */
jest.setTimeout(180_000);

type Stoppable = { stop: () => Promise<void> };
const COMEBACK_MIN_SECONDS = 4;

describe('alert kinds from the portal to the e-mail', () => {
  const run = randomUUID().slice(0, 8);
  const paid = `paid-${run}@example.cz`;
  const free = `free-${run}@example.cz`;
  const late = `late-${run}@example.cz`;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let bus: Bus;
  const running: Stoppable[] = [];

  const watchdog = (id: string, email: string, overrides: Partial<Watchdog> = {}): Watchdog => ({
    ...exampleWatchdog, id, email, expiresAt: null, createdAt: new Date().toISOString(), ...overrides,
  });
  const save = (w: Watchdog) => bus.publish('watchdog.changed', w.id, { watchdogId: w.id, watchdog: w });
  const subjects = async (to: string) => (await mailTo(to)).map((m: CaughtMail) => m.subject.replace(/\u00a0/g, ' '));
  const mailCount = (to: string, count: number, what: string, timeoutMs = 60_000) =>
    waitForValue(what, async () => ((await mailTo(to)).length >= count ? subjects(to) : null), timeoutMs);

  beforeAll(async () => {
    sim = await startSimulator(23);
    const { env } = testEnv({
      ...portalsEnv(['sreality', 'bezrealitky'], sim.origin),
      CRAWL_RATE_MULTIPLIER: '100', CRAWL_SEED_CHECK_SECONDS: '0.5', CRAWL_TICK_GRACE_SECONDS: '5', CRAWL_FULL_WALK_SECONDS: '1',
      OFFERS_API_PORT: '0', NOTIFIER_API_PORT: '0', NORMALISER_FROM_BEGINNING: 'true', COMEBACK_MIN_SECONDS: String(COMEBACK_MIN_SECONDS),
      PUBLIC_URL: 'https://realityradar.test', WATCHDOG_LINK_SECRET: 'x'.repeat(40), JWT_SECRET: 'j'.repeat(40), SMTP_URL: 'smtp://127.0.0.1:1025',
      AD_SERVING_URL: '', ALERT_WINDOW_MS: '200',
    });
    bus = new Bus({ clientId: 'alert-kinds-test', brokers: env.KAFKA_BROKERS!.split(','), topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await waitForValue('served topics', () => bus.endOffsets('watchdog.changed').then(() => true, () => false));
    const everyKind = { ...exampleWatchdog.criteria, priceDrops: true, backOnMarket: true, noLongerActive: true };
    await save(watchdog(`w-paid-${run}`, paid, { ownerRole: ROLES.STANDARD, criteria: everyKind }));
    // A free owner who ticked the kinds anyway (an old form, a lapsed tier): the matcher's entitlement check holds.
    await save(watchdog(`w-free-${run}`, free, { ownerRole: ROLES.USER, criteria: everyKind }));
    const options = { trapSignals: false };
    const matcher = await runService(matcherService, env, options);
    running.push(matcher);
    // Ready once its offer groups have joined: a group new to Kafka does not see what came before.
    await waitForValue('the matcher consuming offers', async () => (await fetch(`http://127.0.0.1:${matcher.healthPort}/ready`)).ok, 60_000);
    running.push(await runService(notifierService, env, options));
    running.push(await runService(normaliserService, env, options));
    running.push(await startInstance(env as Record<string, string>, { adapters: ADAPTERS }));
  });

  afterAll(async () => {
    for (const s of running.reverse()) await s.stop();
    await bus?.disconnect();
    await sim?.close();
  });

  it('alerts a new offer, its price drop, its withdrawal and its comeback to the people who asked, each once', async () => {
    const flat = sim.sim.publish({
      adType: 'Sale', realEstateType: 'Apartment', disposition: '3+kk', area: 74, price: 7_400_000, municipalityCode: '554782', portals: ['sreality'],
      description: `Byt s balkonem ${run}.`,
    });
    expect(await mailCount(paid, 1, 'the new-offer alert to the paying owner')).toEqual([expect.stringMatching(/^Nová nabídka: /)]);
    expect(await mailCount(free, 1, 'the new-offer alert to the free owner')).toEqual([expect.stringMatching(/^Nová nabídka: /)]);

    sim.sim.store.setPrice(flat.propertyId, 6_900_000);
    const afterDrop = await mailCount(paid, 2, 'the price-drop alert');
    expect(afterDrop[1]).toMatch(/^Zlevněno: .* – 6 900 000 Kč$/);

    sim.sim.store.withdraw(flat.propertyId);
    const afterWithdrawal = await mailCount(paid, 3, 'the no-longer-active notice');
    expect(afterWithdrawal[2]).toMatch(/^Nabídka již není aktivní: /);
    const withdrawnAt = Date.now();
    // Someone who starts watching while the flat is off the market.
    await save(watchdog(`w-late-${run}`, late, { ownerRole: ROLES.USER }));

    // Back after the minimum gap, on a portal it was never on: the same property by the dedupe.
    await new Promise((r) => setTimeout(r, Math.max(0, withdrawnAt + (COMEBACK_MIN_SECONDS + 1) * 1_000 - Date.now())));
    sim.sim.store.republish(flat.propertyId, ['bezrealitky']);
    const afterComeback = await mailCount(paid, 4, 'the comeback alert');
    expect(afterComeback[3]).toMatch(/^Znovu v nabídce: /);
    expect(await mailCount(late, 1, 'the comeback as a new offer to the late watcher')).toEqual([expect.stringMatching(/^Nová nabídka: /)]);

    // Nothing more comes: no repeats, and the free owner never hears of drops, withdrawals or comebacks.
    await new Promise((r) => setTimeout(r, 5_000));
    expect(await subjects(paid)).toHaveLength(4);
    expect(await subjects(free)).toHaveLength(1);
    expect(await subjects(late)).toHaveLength(1);
  });
});
