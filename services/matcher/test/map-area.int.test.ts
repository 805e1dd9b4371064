import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import { ROLES, checkMapArea, enclosingRadiusKm, type Envelope, type MapArea, type MatchFoundV1, type Offer, type Watchdog } from '@rr/proto';
import { exampleOffer, exampleWatchdog } from '@rr/proto/examples';
import { matcherService } from '../src/main';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const env = { ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, HEALTH_PORT: '0', SHARD_INDEX: '0', SHARD_COUNT: '1', LOG_LEVEL: 'silent' };
const PRAHA = exampleWatchdog.criteria.places[0];
const ring = (...corners: number[][]) => [...corners, corners[0]];
const box = (lon: number, lat: number, d: number) => ring([lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d]);
const area = (input: unknown): MapArea => {
  const check = checkMapArea(input);
  if (!check.ok) throw new Error(check.problem);
  return check.area;
};
/** Filed as the account service files it: Praha with a radius that holds the area. */
const onArea = (n: number, mapArea: MapArea | null): Watchdog => ({
  ...exampleWatchdog, id: `w-${run}-${n}`, email: `a${n}-${run}@example.cz`,
  criteria: { ...exampleWatchdog.criteria, places: [{ ...PRAHA, radiusKm: mapArea ? enclosingRadiusKm(PRAHA.point!, mapArea) : 0 }], mapArea },
});
const at = (id: string, lon: number, lat: number, resolvedBy: Offer['location']['resolvedBy'] = 'gps'): Offer =>
  ({ ...exampleOffer, id: `${id}-${run}`, location: { ...exampleOffer.location, point: { lat, lon }, resolvedBy } });

describe('the matcher with watchdogs on areas drawn on a map, against Kafka', () => {
  let bus: Bus;
  let instance: Awaited<ReturnType<typeof runService<typeof matcherService.configSchema>>>;
  const matches: Array<Envelope<MatchFoundV1>> = [];
  const watchdogsFor = (offer: Offer) => matches.filter((m) => m.data.offer.id === offer.id).map((m) => m.data.watchdogId).sort();
  const publish = (o: Offer) => bus.publish('offer.published', o.id, { offer: o, fetchedAt: new Date().toISOString() });
  const troja = onArea(1, area({ type: 'Polygon', coordinates: [box(14.42, 50.12, 0.01)] }));
  const smichov = onArea(2, area({ type: 'Polygon', coordinates: [box(14.4, 50.07, 0.01)] }));
  const plain = { ...onArea(3, null), ownerRole: ROLES.STANDARD, criteria: { ...onArea(3, null).criteria, priceDrops: true } };

  beforeAll(async () => {
    bus = new Bus({ clientId: 'matcher-area-test', brokers: ['127.0.0.1:9092'], topicPrefix: `t-${run}.`, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({ group: 'test.matches', events: ['match.found'], fromBeginning: true, handle: async (e) => void matches.push(e) });
    // Replayed at start: the bulk-built index and the area filter beside it.
    for (const w of [troja, smichov, plain]) await bus.publish('watchdog.changed', w.id, { watchdogId: w.id, watchdog: w });
    instance = await runService(matcherService, env, { trapSignals: false });
    await waitForValue('matcher ready', async () => (await fetch(`http://127.0.0.1:${instance.healthPort}/ready`)).status === 200, 20_000);
    const warmUp = at('warm-up', 14.46, 50.1);
    await waitForValue('consuming', async () => {
      await publish(warmUp);
      await new Promise((r) => setTimeout(r, 300));
      return matches.some((m) => m.data.offer.id === warmUp.id);
    }, 20_000);
    // The matcher subscribes to offer updates after offers: a price drop for a paying watchdog shows that it has,
    // so the test never stops the matcher halfway through subscribing.
    const drop = at('warm-up-drop', 14.46, 50.1);
    await waitForValue('consuming updates', async () => {
      await bus.publish('offer.updated', drop.id, { offer: drop, previousPrice: 9_000_000, changes: ['price'], fetchedAt: new Date().toISOString() });
      await new Promise((r) => setTimeout(r, 300));
      return matches.some((m) => m.data.offer.id === drop.id && m.data.reason === 'priceDrop');
    }, 20_000);
  });

  afterAll(async () => {
    await instance?.stop();
    await bus?.disconnect();
  });

  it('alerts an area watchdog about an offer inside its area and not about one outside or located by text', async () => {
    const inside = at('inside', 14.421, 50.121);
    const outside = at('outside', 14.46, 50.1);
    const byText = at('by-text', 14.421, 50.121, 'text');
    const marker = at('marker', 14.4, 50.07);
    for (const o of [inside, outside, byText, marker]) await publish(o);
    // Offers are keyed by id, so they travel on different partitions, and matches by recipient:
    // wait for every expected match (two for the inside offer), then for any stray one.
    await waitForValue('every offer matched', () => watchdogsFor(inside).length >= 2 && watchdogsFor(outside).length > 0 && watchdogsFor(byText).length > 0 && watchdogsFor(marker).length >= 2, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(watchdogsFor(inside)).toEqual([troja.id, plain.id].sort());
    expect(watchdogsFor(outside)).toEqual([plain.id]);
    expect(watchdogsFor(byText)).toEqual([plain.id]);
    expect(watchdogsFor(marker)).toEqual([smichov.id, plain.id].sort());
    // The area watchdog's match carries its size for the e-mail (1 polygon of 0.02° × 0.02° at 50.12° N: ~3.2 km²); the plain one's none.
    const ofInside = (id: string) => matches.find((m) => m.data.offer.id === inside.id && m.data.watchdogId === id)!.data;
    expect(ofInside(troja.id).mapArea).toEqual({ polygons: 1, km2: expect.closeTo(3.17, 1) });
    expect(ofInside(plain.id).mapArea).toBeUndefined();
  });

  it('follows a redrawn area', async () => {
    const moved = { ...troja, criteria: { ...smichov.criteria }, updatedAt: new Date().toISOString() };
    await bus.publish('watchdog.changed', troja.id, { watchdogId: troja.id, watchdog: moved });
    const probe = at('probe', 14.401, 50.071);
    await waitForValue('redrawn area applied', async () => {
      await publish({ ...probe, id: `${probe.id}-${Date.now()}` });
      await new Promise((r) => setTimeout(r, 300));
      return matches.some((m) => m.data.offer.id.startsWith(probe.id) && m.data.watchdogId === troja.id);
    }, 20_000);
    const inTroja = at('in-troja', 14.421, 50.121);
    const marker = at('marker-2', 14.4, 50.07);
    await publish(inTroja);
    await publish(marker);
    await waitForValue('both matched', () => watchdogsFor(marker).length === 3 && watchdogsFor(inTroja).length > 0, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(watchdogsFor(inTroja)).toEqual([plain.id]);
  });
});
