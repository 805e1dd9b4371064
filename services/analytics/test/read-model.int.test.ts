import { Bus, createLogger, runService } from '@rr/kit';
import { testEnv, waitForValue } from '@rr/kit/testing';
import { type Offer } from '@rr/proto';
import { exampleOffer } from '@rr/proto/examples';
import { analyticsService } from '../src/main';
import { mergeCells } from '../src/domain/price-bucket';
import { OfferFactRepository } from '../src/repositories/offer-fact.repository';
import { PriceBucketRepository } from '../src/repositories/price-bucket.repository';

jest.setTimeout(90_000);

const t = testEnv({ JWT_SECRET: 'j'.repeat(40) });
const offer = (n: number, overrides: Partial<Offer> = {}): Offer => ({ ...exampleOffer, id: `o-${t.id}-${n}`, createdAt: '2026-10-01T10:00:00.000Z', ...overrides });

describe('the analytics read model fed by offer events', () => {
  let bus: Bus;
  let service: Awaited<ReturnType<typeof runService<typeof analyticsService.configSchema>>>;
  let facts: OfferFactRepository;
  let buckets: PriceBucketRepository;
  const publish = (o: Offer) => bus.publish('offer.published', o.id, { offer: o, fetchedAt: o.createdAt });
  const until = <T>(what: string, probe: () => Promise<T>) => waitForValue(what, probe, 30_000);

  beforeAll(async () => {
    bus = new Bus({ clientId: 'analytics-test', brokers: t.brokers, topicPrefix: t.prefix, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    service = await runService(analyticsService, t.env, { trapSignals: false });
    facts = new OfferFactRepository(service.db!);
    buckets = new PriceBucketRepository(service.db!);
  });

  afterAll(async () => {
    await service?.db?.dropDatabase();
    await service?.stop();
    await bus?.disconnect();
  });

  it('keeps the first publication date and the new price after a price change', async () => {
    const o = offer(1, { price: 5_000_000 });
    await publish(o);
    await bus.publish('offer.updated', o.id, { offer: { ...o, price: 4_600_000 }, previousPrice: 5_000_000, changes: ['price'], fetchedAt: '2026-11-02T00:00:00.000Z' });
    const fact = await until('the price cut', async () => ((await facts.findByOfferId(o.id))?.price === 4_600_000 ? facts.findByOfferId(o.id) : null));
    expect(fact!.publishedMonth).toBe('2026-10');
  });

  it('ends the spell at withdrawal and reopens it when the offer is republished', async () => {
    const o = offer(2);
    await publish(o);
    await bus.publish('offer.withdrawn', o.id, { offerId: o.id, withdrawnAt: '2026-10-20T00:00:00.000Z' });
    await until('the withdrawal', async () => (await facts.findByOfferId(o.id))?.withdrawnAt === Date.parse('2026-10-20T00:00:00.000Z'));
    await bus.publish('offer.updated', o.id, { offer: { ...o, active: true }, previousPrice: o.price, changes: ['reactivated'], fetchedAt: '2026-11-01T00:00:00.000Z' });
    await until('the reactivation', async () => (await facts.findByOfferId(o.id))?.withdrawnAt === null);
  });

  it('answers a place and window from every level the offer lies in, and moves rows when the place changes', async () => {
    const loc = exampleOffer.location;
    const o = offer(3);
    await publish(o);
    const window = { adType: o.adType, realEstateType: o.realEstateType, from: Date.parse('2026-10-01T00:00:00Z'), to: Date.parse('2026-11-01T00:00:00Z') };
    const inPlace = (placeKey: string) => facts.findInPlace({ placeKey, ...window }).then((rows) => rows.some((r) => r.offerId === o.id));
    await until('the offer in its municipality', () => inPlace(`m:${loc.municipalityCode}`));
    expect(await inPlace(`r:${loc.regionCode}`)).toBe(true);
    const moved = { ...o, location: { ...loc, municipalityCode: '999999' } };
    await bus.publish('offer.updated', o.id, { offer: moved, previousPrice: o.price, changes: ['details'], fetchedAt: '2026-10-02T00:00:00.000Z' });
    await until('the offer in its new municipality', () => inPlace('m:999999'));
    expect(await inPlace(`m:${loc.municipalityCode}`)).toBe(false);
    expect(await facts.findInPlace({ placeKey: 'm:999999', ...window, from: Date.parse('2026-11-01T00:00:00Z'), to: Date.parse('2026-12-01T00:00:00Z') })).toEqual([]);
  });

  it('moves an offer between price bins on a price change and counts it once however often an event comes', async () => {
    const place = `m:bucket-${t.id}`;
    const o = offer(4, { price: 6_000_000, area: 60, location: { ...exampleOffer.location, municipalityCode: `bucket-${t.id}` } });
    const cell = async () => mergeCells((await buckets.findForPlaces([place], o.adType, o.realEstateType, '2026-10', '2026-10')).map((b) => b.cells));
    await publish(o);
    await publish(o);
    const cut = { ...o, price: 5_400_000 };
    const updated = { offer: cut, previousPrice: 6_000_000, changes: ['price' as const], fetchedAt: '2026-10-05T00:00:00.000Z' };
    await bus.publish('offer.updated', o.id, updated);
    await bus.publish('offer.updated', o.id, updated);
    await bus.publish('offer.withdrawn', o.id, { offerId: o.id, withdrawnAt: '2026-10-11T10:00:00.000Z' });
    // The three topics are read side by side: wait until both the cut and the withdrawal are in.
    const priceOf = (bin: string) => Math.round(Math.exp(Number(bin) * Math.log(1.005)) / 10_000);
    const done = await until('the cut and the withdrawal in the bucket', async () => {
      const c = await cell();
      return Object.keys(c.ended).length > 0 && Object.keys(c.price).some((bin) => priceOf(bin) === 540) ? c : null;
    });
    expect(done.n).toBe(1);
    expect(done.ended).toEqual({ 10: 1 });
    expect(done.listedSince).toEqual({});
    expect(Object.values(done.price)).toEqual([1]);
  });
});
