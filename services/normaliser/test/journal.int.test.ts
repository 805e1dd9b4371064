import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { getGazetteer } from '@rr/gazetteer';
import { Bus, connectDatabase, createLogger, databaseNameOf, runService } from '@rr/kit';
import { waitForValue } from '@rr/kit/testing';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, RawListing } from '@rr/proto';
import { BatchNormaliser } from '../src/domain/normalise-batch';
import { offerIdOf } from '../src/domain/offer-factory';
import type { NormaliserStore } from '../src/domain/normalise-batch';
import { normaliserService } from '../src/main';
import { JournalRepository } from '../src/repositories/journal.repository';
import { OfferStore } from '../src/repositories/offer-store';
import { crossPost, rawListing } from './factories';

jest.setTimeout(60_000);

const run = randomUUID().slice(0, 8);
const baseEnv = {
  ...process.env,
  KAFKA_TOPIC_PREFIX: `t-${run}.`,
  HEALTH_PORT: '0',
  OFFERS_API_PORT: '0',
  NORMALISER_FROM_BEGINNING: 'true',
  NORMALISER_OUTBOX_RETRY_MS: '200',
  LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
};
const at = () => new Date().toISOString();

const waitFor = <T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000) => waitForValue(what, probe, timeoutMs);

/**
 * Each test starts its own normaliser (its own database) in the one consumer group of this file's
 * topics, and stops it before the next test, so the group has one member at a time.
 */

const nothingKnown: NormaliserStore = { findListings: async () => [], findOffers: async () => [], candidateIds: async () => [] };

/** What the normaliser would journal for these listings, decided against `known` (another instance's view). */
async function decided(listings: RawListing[], known = nothingKnown) {
  return new BatchNormaliser(known, getGazetteer()).run(listings.map((listing) => ({ kind: 'fetched' as const, data: { listing, fetchedAt: at() } })));
}

describe('normaliser journal and outbox', () => {
  let bus: Bus;
  const published: Array<Envelope<OfferPublishedV1>> = [];
  const updated: Array<Envelope<OfferUpdatedV1>> = [];
  const services: Array<{ stop: () => Promise<void> }> = [];
  /** Open connections to each test's database, dropped at the end (a stopped service's connection is closed). */
  const databases: Connection[] = [];
  const publishFetched = (...listings: RawListing[]) =>
    bus.publishMany('listing.fetched', listings.map((listing) => ({ key: `${listing.portal}:${listing.listingId}`, data: { listing, fetchedAt: at() } })));

  async function start(suffix: string, extra: Record<string, string> = {}) {
    const service = await runService(normaliserService, { ...baseEnv, MONGO_DB_SUFFIX: `-t${run}${suffix}`, ...extra }, { trapSignals: false });
    services.push(service);
    return service;
  }
  async function details(service: { healthPort: number }) {
    return (await request(`http://127.0.0.1:${service.healthPort}`).get('/health')).body.details as { conflicts: number; offersApiPort: number; batches: number };
  }
  async function journalOf(suffix: string) {
    const db = await connectDatabase(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017', databaseNameOf('normaliser', { MONGO_DB_SUFFIX: `-t${run}${suffix}` }), createLogger('test', 'silent'));
    databases.push(db);
    return { db, journal: new JournalRepository(db) };
  }

  beforeAll(async () => {
    bus = new Bus({ clientId: 'journal-test', brokers: ['127.0.0.1:9092'], topicPrefix: baseEnv.KAFKA_TOPIC_PREFIX, logger: createLogger('test', 'silent') });
    await bus.connect();
    await bus.ensureTopics();
    await bus.subscribe({
      group: 'test.offers', events: ['offer.published', 'offer.updated'], fromBeginning: true,
      handle: async (e) => void (e.type === 'offer.published' ? published.push(e as Envelope<OfferPublishedV1>) : updated.push(e as Envelope<OfferUpdatedV1>)),
    });
  });

  afterAll(async () => {
    for (const s of services) await s.stop().catch(() => undefined);
    for (const db of databases) await db.dropDatabase().then(() => db.close()).catch(() => undefined);
    await bus?.disconnect();
  });

  it('publishes at start the events of a batch that was written but not published before a crash', async () => {
    const listing = rawListing({ listingId: `c-${run}` });
    const id = offerIdOf(`sreality:c-${run}`);
    const { journal } = await journalOf('-crash');
    await journal.readMarks();
    const batch = await decided([listing]);
    expect(await journal.claim(0)).toBe(true);
    await journal.append(1, batch);

    const service = await start('-crash');
    const [event] = await waitFor('the journaled offer.published', () => published.filter((e) => e.key === id).length > 0 && published.filter((e) => e.key === id));
    expect(event.data.offer.sources.map((s) => s.listingId)).toEqual([`c-${run}`]);
    const api = `http://127.0.0.1:${(await details(service)).offersApiPort}`;
    await request(api).get(`/offers/${id}`).expect(200);

    // The redelivered listing finds the state written: nothing new is decided or emitted.
    await publishFetched(listing, crossPost(listing, { listingId: `cx-${run}` }));
    await waitFor('the cross-post update', () => updated.find((e) => e.key === id));
    expect(published.filter((e) => e.key === id)).toHaveLength(1);
    await service.stop();
  });

  it('stores each offer of a batch once and gives its events back whole', async () => {
    const { db, journal } = await journalOf('-roundtrip');
    await journal.readMarks();
    const first = rawListing({ listingId: `r-${run}` });
    const elsewhere = rawListing({ listingId: `rb-${run}`, locality: 'Brno', lat: 49.1951, lon: 16.6068, description: 'Byt v Brně.', images: [] });
    // A listing with its cross-post in the same batch (one offer, two sources) and another property.
    const batch = await decided([first, crossPost(first, { listingId: `rx-${run}` }), elsewhere]);
    expect(batch.events.map((e) => e.type)).toEqual(['offer.published', 'offer.published']);
    expect(await journal.claim(0)).toBe(true);
    await journal.append(1, batch);

    // Bodies are JSON in binary data.
    const stored = await db.collection<{ _id: string; events: { buffer: Uint8Array } }>('journal').findOne({ _id: 'b:1' });
    expect((JSON.parse(Buffer.from(stored!.events.buffer).toString('utf8')) as Array<{ offerInDoc?: boolean }>).every((e) => e.offerInDoc)).toBe(true);
    const back = [];
    for await (const b of journal.batchesAfter(0)) back.push(b);
    expect(back.map((b) => b.seq)).toEqual([1]);
    expect(back[0].batch.events).toEqual(JSON.parse(JSON.stringify(batch.events)));
    expect(back[0].batch.events.map((e) => ('offer' in e.data ? e.data.offer?.sources.length : 0))).toEqual([2, 1]);
  });

  it('retries a batch on fresh state when another instance wrote to the journal meanwhile', async () => {
    const service = await start('-conflict');
    const first = rawListing({ listingId: `o-${run}`, locality: 'Plzeň', lat: 49.7475, lon: 13.3776, description: 'Byt v Plzni na Slovanech.', images: [] });
    const id = offerIdOf(`sreality:o-${run}`);
    // Another instance takes the next sequence number and journals an offer this one never saw
    // (and dies before projecting it).
    const { journal } = await journalOf('-conflict');
    const marks = await journal.readMarks();
    expect(await journal.claim(marks.head)).toBe(true);
    await journal.append(marks.head + 1, await decided([first]));

    await publishFetched(crossPost(first, { listingId: `ox-${run}` }));
    const update = await waitFor('the cross-post joining the other instance\'s offer', () => updated.find((e) => e.key === id));
    expect(update.data.offer.sources.map((s) => s.listingId)).toEqual([`o-${run}`, `ox-${run}`]);
    expect((await details(service)).conflicts).toBe(1);
    await service.stop();
  });

  it('decides on another instance\'s change of an offer it has read before, not on its own earlier copy', async () => {
    const service = await start('-stale');
    const first = rawListing({ listingId: `st-${run}`, locality: 'Olomouc', lat: 49.5938, lon: 17.2509, description: 'Byt v Olomouci u parku, po rekonstrukci.', images: [] });
    const id = offerIdOf(`sreality:st-${run}`);
    await publishFetched(first);
    await waitFor('the first listing\'s offer', () => published.find((e) => e.key === id));

    // Another instance merges a cross-post into the offer this one has just written (and read):
    // it takes the next journal number, and this one decides its own next batch before the other's
    // insert lands, so it must wait for that batch rather than skip its number.
    // (This instance may still be journaling what earlier tests left on the topic: the claim waits its turn.)
    const { db, journal } = await journalOf('-stale');
    const seq = await waitFor('the next journal number', async () => {
      const { head } = await journal.readMarks();
      return (await journal.claim(head)) ? head + 1 : undefined;
    });
    const merged = await decided([crossPost(first, { listingId: `stx-${run}` })], new OfferStore(db));
    await publishFetched(crossPost(first, { portal: 'bezrealitky', listingId: `sty-${run}`, url: `https://www.bezrealitky.cz/nemovitosti-byty-domy/sty-${run}` }));
    await new Promise((r) => setTimeout(r, 400));
    await journal.append(seq, merged);

    try {
      const update = await waitFor('the second cross-post joining the offer', () => updated.find((e) => e.key === id && e.data.offer.sources.length === 3));
      expect(update.data.offer.sources.map((s) => s.listingId).sort()).toEqual([`st-${run}`, `stx-${run}`, `sty-${run}`].sort());
    } finally {
      await service.stop();
    }
  });

  it('deletes batches once projected and published, and starts again from the stored state alone', async () => {
    const env = {};
    let service = await start('-cleanup', env);
    const listings = ['Brno', 'Ostrava'].map((town, i) => rawListing({ listingId: `s${i}-${run}`, locality: town, lat: i === 0 ? 49.1951 : 49.8209, lon: i === 0 ? 16.6068 : 18.2625, images: [] }));
    for (const l of listings) {
      await publishFetched(l);
      await waitFor('offer.published', () => published.some((e) => e.key === offerIdOf(`sreality:${l.listingId}`)));
    }
    const { db } = await journalOf('-cleanup');
    await waitFor('the journal emptied', async () => (await db.collection('journal').countDocuments({})) === 0);
    await service.stop();

    service = await start('-cleanup', env);
    const api = `http://127.0.0.1:${(await details(service)).offersApiPort}`;
    const listed = await request(api).get('/offers?limit=10').expect(200);
    expect((listed.body.data.items as Array<{ id: string }>).map((o) => o.id).sort()).toEqual(listings.map((l) => offerIdOf(`sreality:${l.listingId}`)).sort());
    await publishFetched(listings[0], crossPost(listings[0], { listingId: `sx-${run}` }));
    const id = offerIdOf(`sreality:${listings[0].listingId}`);
    const update = await waitFor('the cross-post update', () => updated.find((e) => e.key === id));
    expect(update.data.changes).toEqual(['sources']);
    expect(published.filter((e) => e.key === id)).toHaveLength(1);
    await service.stop();
  });
});
