import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import { ROLES, type Envelope, type MatchFoundV1, type Offer, type Watchdog } from '@rr/proto';
import { exampleOffer, exampleWatchdog } from '@rr/proto/examples';
import { matcherService } from '../src/main';
import { shardOf } from '../src/domain/shard';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const env = (shard: number, count: number) => ({
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, HEALTH_PORT: '0', SHARD_INDEX: String(shard), SHARD_COUNT: String(count), LOG_LEVEL: 'silent',
});

const watchdog = (n: number, overrides: Partial<Watchdog> = {}): Watchdog => ({
  ...exampleWatchdog, adsConsent: true, id: `w-${run}-${n}`, email: `p${n}-${run}@example.cz`, ...overrides,
});
const offer = (id: string, overrides: Partial<Offer> = {}): Offer => ({ ...exampleOffer, id: `${id}-${run}`, ...overrides });

const waitFor = <T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000) => waitForValue(what, probe, timeoutMs);

describe('two matcher instances against Kafka', () => {
  let bus: Bus;
  const matches: Array<Envelope<MatchFoundV1>> = [];
  const instances: Array<Awaited<ReturnType<typeof runService<typeof matcherService.configSchema>>>> = [];
  const matchesFor = (offerId: string) => matches.filter((m) => m.data.offer.id === offerId);
  const ready = (port: number) => waitFor(`matcher on ${port} ready`, async () => (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200);
  const change = (w: Watchdog, state: Watchdog | null = w) => bus.publish('watchdog.changed', w.id, { watchdogId: w.id, watchdog: state });

  // Recipients on both shards, so each instance has work.
  const people = Array.from({ length: 12 }, (_, n) => watchdog(n));

  beforeAll(async () => {
    bus = new Bus({ clientId: 'matcher-test', brokers: ['127.0.0.1:9092'], topicPrefix: `t-${run}.`, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({ group: 'test.matches', events: ['match.found'], fromBeginning: true, handle: async (e) => void matches.push(e) });
    // Watchdogs that exist before the matchers start are learnt from the replay.
    for (const w of people) await change(w);
    const disabled = watchdog(100, { status: 'Disabled' });
    await change(disabled);
    for (const shard of [0, 1]) instances.push(await runService(matcherService, env(shard, 2), { trapSignals: false }));
    await Promise.all(instances.map((i) => ready(i.healthPort)));
    // New offer groups start at the end of the topic once they have joined: wait until both have.
    const warmUp = offer('warm-up');
    await waitFor('both shards consuming', async () => {
      await bus.publish('offer.published', warmUp.id, { offer: warmUp, fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return new Set(matchesFor(warmUp.id).map((m) => shardOf(m.key, 2))).size === 2;
    });
  });

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop()));
    await bus?.disconnect();
  });

  it('emits one match per recipient across both shards, keyed by the recipient', async () => {
    expect(new Set(people.map((p) => shardOf(p.email, 2))).size).toBe(2);
    const o = offer('p1');
    await bus.publish('offer.published', o.id, { offer: o, fetchedAt: new Date().toISOString() });
    const got = await waitFor('12 matches', () => matchesFor(o.id).length >= 12 && matchesFor(o.id));
    await new Promise((r) => setTimeout(r, 500));
    expect(matchesFor(o.id)).toHaveLength(12);
    expect(new Set(got.map((m) => m.key))).toEqual(new Set(people.map((p) => p.email.toLowerCase())));
    expect(got.every((m) => m.data.reason === 'new' && m.data.withAds)).toBe(true);
    // The free tier's cap of offers per e-mail travels with every match, for the notifier.
    expect(got.every((m) => m.data.maxOffers === 10)).toBe(true);
  });

  it('follows watchdog changes made while running', async () => {
    await change(people[0], { ...people[0], status: 'Disabled' });
    // Kept by the same shard as people[0]: the instance that knows the newcomer has read the change
    // published before it too (one consumer reads the watchdog topic; the other shard may lag).
    const newcomer = Array.from({ length: 50 }, (_, n) => watchdog(200 + n)).find((w) => shardOf(w.email, 2) === shardOf(people[0].email, 2))!;
    await change(newcomer);
    // The changes and the offers travel on different topics: offers published before the changes
    // were read may still match people[0]. Probe with fresh offers until the newcomer is known.
    // Every probe so far is looked at, not only the last: a round trip longer than the 300 ms pause
    // (a loaded machine) would otherwise never be seen.
    const probes: string[] = [];
    await waitFor('newcomer matched', async () => {
      const probe = offer(`p2-probe-${probes.length}`);
      probes.push(probe.id);
      await bus.publish('offer.published', probe.id, { offer: probe, fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return probes.some((id) => matchesFor(id).some((m) => m.data.watchdogId === newcomer.id));
    });
    // An offer published from now on matches the newcomer and never the disabled watchdog.
    const o = offer('p2');
    await bus.publish('offer.published', o.id, { offer: o, fetchedAt: new Date().toISOString() });
    const expected = new Set([...people.slice(1), newcomer].map((w) => w.id));
    await waitFor('the matches of every active watchdog', () => [...expected].every((id) => matchesFor(o.id).some((m) => m.data.watchdogId === id)));
    await new Promise((r) => setTimeout(r, 500));
    expect(new Set(matchesFor(o.id).map((m) => m.data.watchdogId))).toEqual(expected);
    expect(matchesFor(o.id).some((m) => m.data.watchdogId === people[0].id)).toBe(false);
  });

  it('does not match offers outside the criteria', async () => {
    const brno = offer('p3', { location: { ...exampleOffer.location, municipalityCode: '582786', districtCode: 'CZ0642', regionCode: 'CZ064', pragueDistrictCode: null, point: { lat: 49.19, lon: 16.6 } } });
    const marker = offer('p4');
    await bus.publish('offer.published', brno.id, { offer: brno, fetchedAt: new Date().toISOString() });
    await bus.publish('offer.published', marker.id, { offer: marker, fetchedAt: new Date().toISOString() });
    await waitFor('marker matched', () => matchesFor(marker.id).length > 0);
    expect(matchesFor(brno.id)).toHaveLength(0);
  });

  it('alerts price drops only to opted-in paying owners, and not for a new portal', async () => {
    const paid = watchdog(300, { ownerRole: ROLES.STANDARD, criteria: { ...exampleWatchdog.criteria, priceDrops: true } });
    await change(paid);
    const o = offer('p5', { price: 7_990_000 });
    await waitFor('price drop matched', async () => {
      await bus.publish('offer.updated', o.id, { offer: o, previousPrice: 8_490_000, changes: ['price'], fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return matchesFor(o.id).length > 0;
    });
    const source = offer('p6');
    await bus.publish('offer.updated', source.id, { offer: source, previousPrice: 8_490_000, changes: ['sources'], fetchedAt: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 500));
    expect(new Set(matchesFor(o.id).map((m) => m.data.watchdogId))).toEqual(new Set([paid.id]));
    expect(matchesFor(o.id).every((m) => m.data.reason === 'priceDrop' && !m.data.withAds && m.data.maxOffers === 20)).toBe(true);
    expect(matchesFor(source.id)).toHaveLength(0);
  });

  it('alerts a comeback as such to opted-in paying owners and as a new offer to the others, naming the withdrawal', async () => {
    const back = watchdog(400, { ownerRole: ROLES.STANDARD, criteria: { ...exampleWatchdog.criteria, backOnMarket: true } });
    await change(back);
    const o = offer('r1');
    const withdrawnAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const got = await waitFor('comeback matched', async () => {
      await bus.publish('offer.relisted', o.id, { offer: o, withdrawnAt, fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return matchesFor(o.id).some((m) => m.data.watchdogId === back.id) && matchesFor(o.id);
    });
    const mine = got.filter((m) => m.data.watchdogId === back.id);
    expect(mine.every((m) => m.data.reason === 'backOnMarket' && m.data.withdrawnAt === withdrawnAt)).toBe(true);
    const others = got.filter((m) => m.data.watchdogId !== back.id);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((m) => m.data.reason === 'new' && m.data.withdrawnAt === undefined)).toBe(true);
  });

  it('offers no-longer-active notices for a withdrawn offer only to opted-in paying owners', async () => {
    const notices = watchdog(500, { ownerRole: ROLES.MINI, criteria: { ...exampleWatchdog.criteria, noLongerActive: true } });
    await change(notices);
    const o = offer('g1', { active: false });
    const withdrawnAt = new Date().toISOString();
    const old = offer('g0');
    await bus.publish('offer.withdrawn', old.id, { offerId: old.id, withdrawnAt });
    const got = await waitFor('withdrawal matched', async () => {
      await bus.publish('offer.withdrawn', o.id, { offerId: o.id, withdrawnAt, offer: o });
      await new Promise((r) => setTimeout(r, 300));
      return matchesFor(o.id).length > 0 && matchesFor(o.id);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(new Set(matchesFor(o.id).map((m) => m.data.watchdogId))).toEqual(new Set([notices.id]));
    expect(got.every((m) => m.data.reason === 'noLongerActive' && m.data.withdrawnAt === withdrawnAt && !m.data.offer.active)).toBe(true);
    // A withdrawal that does not carry the offer (written before it did) alerts no one.
    expect(matchesFor(old.id)).toHaveLength(0);
  });

  it('puts a banner only in free alerts whose owner consented to commercial communications', async () => {
    await change(people[2], { ...people[2], adsConsent: false });
    const o = offer('p7');
    await waitFor('consent change applied', async () => {
      await bus.publish('offer.published', o.id, { offer: o, fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return matchesFor(o.id).some((m) => m.data.watchdogId === people[2].id && !m.data.withAds);
    });
    const consenting = new Set([people[1], ...people.slice(3)].map((w) => w.id));
    const theirs = matchesFor(o.id).filter((m) => consenting.has(m.data.watchdogId));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((m) => m.data.withAds)).toBe(true);
  });
});
