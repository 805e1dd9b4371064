import { Bus, createLogger, runService } from '@rr/kit';
import { testRunId, waitForValue } from '@rr/kit/testing';
import { DEFAULT_SCHEDULE, ROLES, type Envelope, type MatchFoundV1, type Offer, type Watchdog } from '@rr/proto';
import { exampleOffer, exampleWatchdog } from '@rr/proto/examples';
import { matcherService } from '../src/main';

jest.setTimeout(60_000);

const run = testRunId();
const prefix = `t${run}.`;
const env = { ...process.env, KAFKA_TOPIC_PREFIX: prefix, HEALTH_PORT: '0', SHARD_INDEX: '0', SHARD_COUNT: '1', LOG_LEVEL: 'silent' };
const offer = (id: string, overrides: Partial<Offer> = {}): Offer => ({ ...exampleOffer, id: `${id}-${run}`, ...overrides });
const digest = { mode: 'digest' as const, schedule: { ...DEFAULT_SCHEDULE, quietHours: { start: '22:00', end: '07:00' } } };

/** Shared watchdogs and delivery through the matcher, against Kafka (issue 19). */
describe('the matcher with shared watchdogs and delivery modes', () => {
  let bus: Bus;
  let matcher: Awaited<ReturnType<typeof runService<typeof matcherService.configSchema>>>;
  const matches: Array<Envelope<MatchFoundV1>> = [];
  const matchesFor = (offerId: string) => matches.filter((m) => m.data.offer.id === offerId);
  const owner = `owner-${run}@example.cz`;
  const partner = `partner-${run}@example.cz`;
  const shared: Watchdog = {
    ...exampleWatchdog, id: `w-shared-${run}`, email: owner, ownerRole: ROLES.STANDARD, adsConsent: true, delivery: digest,
    members: [{ email: partner, locale: 'en', userId: null }],
  };
  // The partner's own watchdog matches the same offers: they must get one match, from it.
  const partnersOwn: Watchdog = { ...exampleWatchdog, id: `w-own-${run}`, email: partner, ownerRole: ROLES.USER, adsConsent: false };

  beforeAll(async () => {
    bus = new Bus({ clientId: 'matcher-shared-test', brokers: ['127.0.0.1:9092'], topicPrefix: prefix, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({ group: 'test.matches', events: ['match.found'], fromBeginning: true, handle: async (e) => void matches.push(e) });
    await bus.publish('watchdog.changed', shared.id, { watchdogId: shared.id, watchdog: shared });
    matcher = await runService(matcherService, env, { trapSignals: false });
    await waitForValue('matcher ready', async () => (await fetch(`http://127.0.0.1:${matcher.healthPort}/ready`)).status === 200, 30_000);
  });

  afterAll(async () => {
    // The matcher joins its offer.updated group after the offer.published one; stopping it in the
    // middle of that join ends the process (matcher.ts), so give the join time to finish.
    await new Promise((r) => setTimeout(r, 8_000));
    await matcher?.stop();
    await bus?.disconnect();
  });

  it('alerts the owner with their digest and the invitee at once, without a banner, marked as an invitee', async () => {
    const o = offer('s1');
    const got = await waitForValue('two matches', async () => {
      if (matchesFor(o.id).length === 0) await bus.publish('offer.published', o.id, { offer: o, fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return matchesFor(o.id).length >= 2 && matchesFor(o.id);
    }, 30_000);
    const byKey = new Map(got.map((m) => [m.key, m.data]));
    expect(byKey.get(owner)).toMatchObject({ watchdogId: shared.id, delivery: digest, withAds: false });
    expect(byKey.get(owner)!.member).toBeUndefined();
    expect(byKey.get(partner)).toMatchObject({ watchdogId: shared.id, member: true, withAds: false, recipient: { email: partner, locale: 'en' } });
    expect(byKey.get(partner)!.delivery).toBeUndefined();
  });

  it('gives a person invited to one watchdog and owning another matching one a single match, from their own', async () => {
    await bus.publish('watchdog.changed', partnersOwn.id, { watchdogId: partnersOwn.id, watchdog: partnersOwn });
    const o = offer('s2');
    await waitForValue('the own watchdog known', async () => {
      await bus.publish('offer.published', o.id, { offer: o, fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return matchesFor(o.id).some((m) => m.data.watchdogId === partnersOwn.id);
    }, 30_000);
    // Each publication of the offer gave the partner one match, never one per watchdog. The owner's
    // match of each publication (another key, so another partition) is counted once it is in: with
    // two per publication for the partner, the owner's count would never catch up.
    const publications = () => new Set(matchesFor(o.id).filter((m) => m.key === owner).map((m) => m.id)).size;
    await waitForValue('the owner\'s match of every publication', async () => {
      await new Promise((r) => setTimeout(r, 500));
      return publications() >= matchesFor(o.id).filter((m) => m.key === partner).length;
    }, 10_000).catch(() => undefined);
    const partnerMatches = matchesFor(o.id).filter((m) => m.key === partner);
    expect(partnerMatches.filter((m) => m.data.watchdogId === partnersOwn.id).length).toBeGreaterThan(0);
    expect(partnerMatches.length).toBeLessThanOrEqual(publications());
    const last = partnerMatches[partnerMatches.length - 1];
    expect(last.data).toMatchObject({ watchdogId: partnersOwn.id, withAds: false });
    expect(last.data.member).toBeUndefined();
  });
});
