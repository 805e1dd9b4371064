import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import type { Envelope, Offer, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1, RawListing } from '@rr/proto';
import { normaliserService } from '../src/main';
import { offerIdOf } from '../src/domain/offer-factory';
import { crossPost, rawListing } from './factories';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const env = {
  ...process.env,
  KAFKA_TOPIC_PREFIX: `t-${run}.`,
  MONGO_DB_SUFFIX: `-t${run}`,
  HEALTH_PORT: '0',
  OFFERS_API_PORT: '0',
  NORMALISER_FROM_BEGINNING: 'true',
  LOG_LEVEL: 'silent',
};

type Received = { published: Array<Envelope<OfferPublishedV1>>; updated: Array<Envelope<OfferUpdatedV1>>; withdrawn: Array<Envelope<OfferWithdrawnV1>> };

const waitFor = <T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000) => waitForValue(what, probe, timeoutMs);

describe('normaliser against Kafka and the database', () => {
  let service: Awaited<ReturnType<typeof runService<typeof normaliserService.configSchema>>>;
  let bus: Bus;
  let api: string;
  const received: Received = { published: [], updated: [], withdrawn: [] };
  const fetchedAt = () => new Date().toISOString();
  const publishFetched = (...listings: RawListing[]) =>
    bus.publishMany('listing.fetched', listings.map((listing) => ({ key: `${listing.portal}:${listing.listingId}`, data: { listing, fetchedAt: fetchedAt() } })));
  const eventsFor = (offerId: string) => [
    ...received.published.filter((e) => e.key === offerId),
    ...received.updated.filter((e) => e.key === offerId),
    ...received.withdrawn.filter((e) => e.key === offerId),
  ];

  beforeAll(async () => {
    bus = new Bus({ clientId: 'normaliser-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({
      group: 'test.offers', events: ['offer.published', 'offer.updated', 'offer.withdrawn'], fromBeginning: true,
      handle: async (e) => {
        if (e.type === 'offer.published') received.published.push(e as Envelope<OfferPublishedV1>);
        else if (e.type === 'offer.updated') received.updated.push(e as Envelope<OfferUpdatedV1>);
        else received.withdrawn.push(e as Envelope<OfferWithdrawnV1>);
      },
    });
    service = await runService(normaliserService, env, { trapSignals: false });
    const health = await request(`http://127.0.0.1:${service.healthPort}`).get('/health');
    api = `http://127.0.0.1:${(health.body as { details: { offersApiPort: number } }).details.offersApiPort}`;
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  it('publishes a property once, however many portals carry it, and serves it with its sources', async () => {
    const first = rawListing({ listingId: `a-${run}` });
    const second = crossPost(first, { listingId: `b-${run}` });
    await publishFetched(first);
    const id = offerIdOf(`sreality:a-${run}`);
    const [published] = await waitFor('offer.published', () => received.published.filter((e) => e.key === id).length > 0 && received.published);
    expect(published.data.offer).toMatchObject({ id, title: 'Prodej bytu 2+kk 54 m²', location: { municipalityCode: '582786' } });

    await publishFetched(second);
    const update = await waitFor('offer.updated', () => received.updated.find((e) => e.key === id));
    expect(update.data.changes).toEqual(['sources']);
    expect(received.published.filter((e) => e.data.offer.sources.some((s) => s.listingId === second.listingId))).toEqual([]);

    const answer = await request(api).get(`/offers/${id}`).expect(200);
    expect((answer.body.data as Offer).sources.map((s) => s.portal)).toEqual(['sreality', 'idnes']);
  });

  it('ignores a listing seen again unchanged and records a price change in the history', async () => {
    const listing = rawListing({ listingId: `p-${run}`, locality: 'Plzeň', lat: 49.7475, lon: 13.3776, description: 'Byt v Plzni na Slovanech.', images: [] });
    const id = offerIdOf(`sreality:p-${run}`);
    await publishFetched(listing);
    await waitFor('offer.published', () => eventsFor(id).length === 1);
    await publishFetched(listing, { ...listing, price: 5_000_000, priceText: '5 000 000 Kč' });
    const update = await waitFor('price update', () => received.updated.find((e) => e.key === id));
    expect(update.data).toMatchObject({ previousPrice: 5_490_000, changes: ['price'] });
    expect(update.data.offer.priceHistory.map((p) => p.price)).toEqual([5_490_000, 5_000_000]);
    expect(eventsFor(id)).toHaveLength(2);
  });

  it('withdraws the offer when the last portal withdraws it', async () => {
    const listing = rawListing({ listingId: `w-${run}`, locality: 'Liberec', lat: 50.7663, lon: 15.0543, description: 'Byt v Liberci.', images: [] });
    const id = offerIdOf(`sreality:w-${run}`);
    await publishFetched(listing);
    await waitFor('offer.published', () => eventsFor(id).length === 1);
    await bus.publish('listing.withdrawn', `sreality:w-${run}`, { portal: 'sreality', listingId: `w-${run}`, detectedAt: fetchedAt() });
    const withdrawn = await waitFor('offer.withdrawn', () => received.withdrawn.find((e) => e.key === id));
    expect(withdrawn.data.offerId).toBe(id);
    const answer = await request(api).get(`/offers/${id}`).expect(200);
    expect(answer.body.data.active).toBe(false);
  });

  it('keeps going past a message that is not an event and a listing with no usable place', async () => {
    await bus.publishRaw('listing.fetched', 'junk', '{"not":"an envelope"}');
    const lost = rawListing({ listingId: `u-${run}`, locality: '???', lat: null, lon: null });
    await publishFetched(lost);
    const [event] = await waitFor('unresolved offer', () => received.published.filter((e) => e.key === offerIdOf(`sreality:u-${run}`)).length > 0 && received.published.filter((e) => e.key === offerIdOf(`sreality:u-${run}`)));
    expect(event.data.offer.location.resolvedBy).toBe('unresolved');
  });

  it('after a restart remembers what it saw: an unchanged listing emits nothing, a cross-post joins the stored offer', async () => {
    const listing = rawListing({ listingId: `r-${run}`, locality: 'Olomouc', lat: 49.5938, lon: 17.2509, description: 'Byt v Olomouci u parku, po rekonstrukci.', images: [] });
    const id = offerIdOf(`sreality:r-${run}`);
    await publishFetched(listing);
    await waitFor('offer.published', () => eventsFor(id).length === 1);
    await service.stop();
    service = await runService(normaliserService, env, { trapSignals: false });
    await publishFetched(listing, crossPost(listing, { listingId: `rx-${run}` }));
    const update = await waitFor('cross-post update', () => received.updated.find((e) => e.key === id));
    expect(update.data.changes).toEqual(['sources']);
    expect(eventsFor(id)).toHaveLength(2);
  });

  it('lists recent offers and answers 404 for an unknown one', async () => {
    const health = await request(`http://127.0.0.1:${service.healthPort}`).get('/health');
    api = `http://127.0.0.1:${(health.body as { details: { offersApiPort: number } }).details.offersApiPort}`;
    const list = await request(api).get('/offers?limit=2').expect(200);
    expect(list.body.data.items).toHaveLength(2);
    expect(list.body.data.total).toBeGreaterThanOrEqual(3);
    await request(api).get('/offers/of_nope').expect(404);
    await request(api).get('/offers?limit=0').expect(400);
    await request(api).get('/offers?after=nonsense').expect(400);
  });

  it('pages by cursor through every offer once, newest first, the same as one long page', async () => {
    const all = await request(api).get('/offers?limit=100&active=all').expect(200);
    const expected = (all.body.data.items as Offer[]).map((o) => o.id);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let next: string | null = null;
    do {
      const page: request.Response = await request(api).get(`/offers?limit=2&active=all${next ? `&after=${next}` : ''}`).expect(200);
      seen.push(...(page.body.data.items as Offer[]).map((o) => o.id));
      next = page.body.data.next as string | null;
    } while (next && seen.length < 200);
    expect(seen).toEqual(expected);
  });
});
