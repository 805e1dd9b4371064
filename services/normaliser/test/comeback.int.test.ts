import { randomUUID } from 'node:crypto';
import { Bus, createLogger, runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import type { Envelope, OfferRelistedV1, OfferUpdatedV1, OfferWithdrawnV1, RawListing } from '@rr/proto';
import { normaliserService } from '../src/main';
import { offerIdOf } from '../src/domain/offer-factory';
import { crossPost, rawListing } from './factories';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const env = {
  ...process.env, KAFKA_TOPIC_PREFIX: `t-${run}.`, MONGO_DB_SUFFIX: `-t${run}`, HEALTH_PORT: '0', OFFERS_API_PORT: '0',
  NORMALISER_FROM_BEGINNING: 'true', LOG_LEVEL: 'silent',
};
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const waitFor = <T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000) => waitForValue(what, probe, timeoutMs);

/**
 * Back on the market against Kafka and the database: a property withdrawn for days and published
 * again on another portal is one `offer.relisted` (never a second `offer.published`), also when the
 * listing is delivered again; a return within hours is only the reactivating update.
 */
describe('normaliser: comebacks', () => {
  let service: Awaited<ReturnType<typeof runService<typeof normaliserService.configSchema>>>;
  let bus: Bus;
  const events: Envelope[] = [];
  const of = (type: string, offerId: string) => events.filter((e) => e.type === type && e.key === offerId);
  const fetched = (listing: RawListing, at: string) => bus.publish('listing.fetched', `${listing.portal}:${listing.listingId}`, { listing, fetchedAt: at });
  const withdrawn = (listing: RawListing, at: string) =>
    bus.publish('listing.withdrawn', `${listing.portal}:${listing.listingId}`, { portal: listing.portal, listingId: listing.listingId, detectedAt: at });

  beforeAll(async () => {
    bus = new Bus({ clientId: 'comeback-test', brokers: ['127.0.0.1:9092'], topicPrefix: env.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({
      group: 'test.offers', events: ['offer.published', 'offer.updated', 'offer.withdrawn', 'offer.relisted'], fromBeginning: true,
      handle: async (e) => void events.push(e),
    });
    service = await runService(normaliserService, env, { trapSignals: false });
  });

  afterAll(async () => {
    await service?.db?.dropDatabase().catch(() => undefined);
    await service?.stop();
    await bus?.disconnect();
  });

  it('announces a property back on another portal after days withdrawn once, as a comeback and not a new offer', async () => {
    const first = rawListing({ listingId: `cb-${run}`, locality: 'Olomouc', lat: 49.5938, lon: 17.2509, description: `Byt v Olomouci ${run}.` });
    const id = offerIdOf(`sreality:cb-${run}`);
    await fetched(first, ago(6 * DAY));
    await waitFor('offer.published', () => of('offer.published', id).length === 1);
    const withdrawnAt = ago(3 * DAY);
    await withdrawn(first, withdrawnAt);
    const [gone] = await waitFor('offer.withdrawn', () => of('offer.withdrawn', id).length === 1 && of('offer.withdrawn', id));
    expect((gone as Envelope<OfferWithdrawnV1>).data.offer).toMatchObject({ id, active: false, withdrawnAt });

    const elsewhere = crossPost(first, { listingId: `cb-idnes-${run}` });
    const back = new Date().toISOString();
    await fetched(elsewhere, back);
    // Delivered again (a crawler retry): the offer is active and unchanged by it.
    await fetched(elsewhere, back);
    const [relisted] = await waitFor('offer.relisted', () => of('offer.relisted', id).length > 0 && of('offer.relisted', id));
    // One partition keeps listings in order: once a later listing is published, the redelivery was handled.
    const marker = rawListing({ listingId: `mk-${run}`, locality: 'Opava', lat: 49.9387, lon: 17.9026, description: `Byt v Opavě ${run}.` });
    await fetched(marker, new Date().toISOString());
    await waitFor('the marker', () => of('offer.published', offerIdOf(`sreality:mk-${run}`)).length === 1);
    expect(of('offer.relisted', id)).toHaveLength(1);
    expect((relisted as Envelope<OfferRelistedV1>).data).toMatchObject({ withdrawnAt, fetchedAt: back, offer: { id, active: true, withdrawnAt: null } });
    expect((relisted as Envelope<OfferRelistedV1>).data.offer.sources.map((s) => [s.portal, s.active])).toEqual([['sreality', false], ['idnes', true]]);
    expect(of('offer.published', id)).toHaveLength(1);
    expect((of('offer.updated', id) as Array<Envelope<OfferUpdatedV1>>).some((e) => e.data.changes.includes('reactivated'))).toBe(true);
  });

  it('calls a return within hours a reactivation, not a comeback', async () => {
    const listing = rawListing({ listingId: `fl-${run}`, locality: 'Zlín', lat: 49.2265, lon: 17.6707, description: `Byt ve Zlíně ${run}.` });
    const id = offerIdOf(`sreality:fl-${run}`);
    await fetched(listing, ago(2 * DAY));
    // The fetch and the withdrawal travel on two topics: a withdrawal read first would name a listing not yet known.
    await waitFor('offer.published', () => of('offer.published', id).length === 1);
    await withdrawn(listing, ago(3_600_000));
    await waitFor('offer.withdrawn', () => of('offer.withdrawn', id).length === 1);
    await fetched({ ...listing, price: listing.price }, new Date().toISOString());
    await waitFor('the reactivating update', () => (of('offer.updated', id) as Array<Envelope<OfferUpdatedV1>>).some((e) => e.data.changes.includes('reactivated')));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(of('offer.relisted', id)).toHaveLength(0);
  });
});
