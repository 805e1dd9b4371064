import { isDeepStrictEqual } from 'node:util';
import mongoose from 'mongoose';
import { Bus, createLogger, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import type { Offer } from '@rr/proto';
import { analyticsService } from '@rr/analytics/src/main';
import { OfferFactRepository } from '@rr/analytics/src/repositories/offer-fact.repository';
import { PriceBucketRepository } from '@rr/analytics/src/repositories/price-bucket.repository';
import { AnalyticsSeed, seededFact } from './seed-analytics';
import { scaleOffers } from './seed-offers';

jest.setTimeout(240_000);

const t = testEnv({ JWT_SECRET: 'j'.repeat(40) });
const DAY = 86_400_000;
// Two years of a small market: a few offers a month, so region and coarse grid buckets hold several.
const COUNTS = { offers: 140, active: 21 };
const NOW = Date.parse('2026-11-20T12:00:00.000Z');

/** Every bucket and per-place count document of a read model, parsed, versions left out (they count writes). */
async function readModel(conn: mongoose.Connection) {
  const repo = new PriceBucketRepository(conn);
  const buckets = await repo.model.find({}).lean();
  const counts = await repo.counts.find({}).lean();
  const withoutVersions = (months: string) =>
    Object.fromEntries(Object.entries(JSON.parse(months) as Record<string, Record<string, { l: unknown }>>).map(([m, types]) => [m, Object.fromEntries(Object.entries(types).map(([k, e]) => [k, e.l]))]));
  return {
    buckets: Object.fromEntries(buckets.map((b) => [b._id, { placeKey: b.placeKey, adType: b.adType, realEstateType: b.realEstateType, month: b.month, cells: JSON.parse(b.cells) as unknown }])),
    counts: Object.fromEntries(counts.map((c) => [c._id, { placeKey: c.placeKey, adType: c.adType, months: withoutVersions(c.months) }])),
  };
}

describe("bench:scale's fast analytics seed", () => {
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof analyticsService.configSchema>>>;
  let fast: mongoose.Connection;
  // Small chunks, so that months begin mid-way through the seed and their writes overlap later chunks.
  const chunks = [...scaleOffers(COUNTS, NOW, 10)];
  const offers = chunks.flatMap((c) => c.offers);
  const withdrawnAt = chunks.flatMap((c) => c.withdrawnAt);

  beforeAll(async () => {
    bus = new Bus({ clientId: 'seed-analytics-test', brokers: t.brokers, topicPrefix: t.prefix, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    service = await runService(analyticsService, t.env, { trapSignals: false });
    fast = await mongoose.createConnection(t.mongoUrl, { dbName: `rr-analytics-fast${t.dbSuffix}` }).asPromise();
  });

  afterAll(async () => {
    await service?.db?.dropDatabase();
    await service?.stop();
    await fast?.dropDatabase();
    await fast?.close();
    await bus?.disconnect();
  });

  it('files exactly the buckets and counts the service files from the same offers\' events', async () => {
    // The events the normaliser would have sent: published at a higher price, cut a day later to
    // the price the offer stands at, withdrawn when the seed withdrew it (3–120 days on).
    const first = (o: Offer) => ({ ...o, price: o.price === null ? null : Math.round(o.price * 1.05) });
    await bus.publishMany('offer.published', offers.map((o) => ({ key: o.id, data: { offer: first(o), fetchedAt: o.createdAt } })));
    await bus.publishMany('offer.updated', offers.map((o) => ({
      key: o.id, data: { offer: o, previousPrice: first(o).price, changes: ['price' as const], fetchedAt: new Date(Date.parse(o.createdAt) + DAY).toISOString() },
    })));
    await bus.publishMany('offer.withdrawn', offers.flatMap((o, i) => (withdrawnAt[i] === null ? [] : [{ key: o.id, data: { offerId: o.id, withdrawnAt: withdrawnAt[i]!, offer: { ...o, active: false } } }])));

    // Every chunk added before the earlier months are written (seedOffers keeps two in flight).
    const seed = new AnalyticsSeed(fast);
    await Promise.all(chunks.map((chunk) => seed.add(chunk)));
    expect(await seed.finish()).toEqual({ offers: COUNTS.offers, buckets: expect.any(Number) });
    const expected = await readModel(fast);

    const filed = await waitForValue('the service to file every event', async () => {
      const model = await readModel(service.db!);
      return isDeepStrictEqual(model, expected) ? model : null;
    }, 180_000).catch(async () => readModel(service.db!));
    expect(filed).toEqual(expected);

    // The comparison means something: buckets of several offers, withdrawn and listed ones, prices.
    const cellsOf = (b: { cells: unknown }) => Object.values(b.cells as Record<string, { n: number; ended: object; listedSince: object }>);
    const cells = Object.values(expected.buckets).flatMap(cellsOf);
    expect(Math.max(...Object.values(expected.buckets).map((b) => cellsOf(b).reduce((n, c) => n + c.n, 0)))).toBeGreaterThanOrEqual(3);
    expect(cells.some((c) => Object.keys(c.ended).length > 0)).toBe(true);
    expect(cells.some((c) => Object.keys(c.listedSince).length > 0)).toBe(true);
    expect(Object.keys(expected.counts).length).toBeGreaterThan(20);

    // The fact behind it is the service's, offer by offer (but for when it last heard of it).
    // Facts are written after their batch's buckets and counts: the last batch's may still be on the way.
    const facts = new OfferFactRepository(service.db!);
    const seeded = offers.map((o, i) => ({ ...seededFact(o, withdrawnAt[i]), seenAt: 0 }));
    const storedFacts = async () => {
      const byId = await facts.findByOfferIds(offers.map((o) => o.id));
      return offers.map((o) => {
        const f = byId.get(o.id);
        return f && { ...f, pragueDistrictCode: f.pragueDistrictCode ?? null, seenAt: 0 };
      });
    };
    const stored = await waitForValue('the facts written', async () => {
      const now = await storedFacts();
      return isDeepStrictEqual(now, seeded) ? now : null;
    }, 30_000).catch(storedFacts);
    expect(stored).toEqual(seeded);
  });
});
