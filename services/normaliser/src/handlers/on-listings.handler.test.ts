import { getGazetteer } from '@rr/gazetteer';
import { createLogger, type HandlerContext } from '@rr/kit';
import type { Envelope, ListingFetchedV1, Offer } from '@rr/proto';
import { rawListing } from '../../test/factories';
import { DedupeIndex } from '../domain/dedupe-index';
import type { ListingRecord } from '../domain/listing-record';
import type { OfferStore } from '../repositories/offer-store';
import type { JournalBatch, JournalRepository } from '../repositories/journal.repository';
import { createListingsHandler } from './on-listings.handler';
import { OutboxRelay } from '../journal/outbox-relay';

const log = createLogger('test', 'silent');
const ctx: HandlerContext = { log, topic: 'listing.fetched.v1', partition: 0, offset: '0' };

function fetched(listingId: string): Envelope<ListingFetchedV1> {
  const listing = rawListing({ listingId, images: [] });
  return { id: `e-${listingId}`, type: 'listing.fetched', version: 1, occurredAt: '2026-03-01T10:00:00.000Z', producer: 'test', correlationId: 'c', key: `sreality:${listingId}`, data: { listing, fetchedAt: '2026-03-01T10:00:00.000Z' } };
}

/** The stored state in memory, as the offer store keeps it. */
function memoryStore(steps: string[]): OfferStore {
  const listings = new Map<string, ListingRecord>();
  const offers = new Map<string, Offer>();
  const index = new DedupeIndex();
  return {
    findListings: async (keys: string[]) => keys.flatMap((k) => (listings.has(k) ? [structuredClone(listings.get(k)!)] : [])),
    findOffers: async (ids: string[]) => ids.flatMap((id) => (offers.has(id) ? [structuredClone(offers.get(id)!)] : [])),
    candidateIds: async (facts: Parameters<DedupeIndex['candidateIds']>[0]) => index.candidateIds(facts),
    apply: async (batch: { offers: Offer[]; listings: ListingRecord[] }) => {
      for (const r of batch.listings) listings.set(r.key, structuredClone(r));
      for (const o of batch.offers) {
        offers.set(o.id, structuredClone(o));
        index.upsert(o);
      }
    },
    forgetCached: () => void steps.push('caches dropped'),
  } as unknown as OfferStore;
}

/** A journal in memory that records, with the relay's publishes, the order things happened in. */
function setup(options: { duplicateAt?: number } = {}) {
  const steps: string[] = [];
  const appended: JournalBatch[] = [];
  const journal = {
    claim: async () => true,
    readMarks: async () => {
      steps.push('catch up');
      return { head: 7, published: 7, projected: 7 };
    },
    async *batchesAfter() {
      // another instance's batches 1–7 were projected, published and deleted before this one looked
    },
    append: async (seq: number, batch: JournalBatch) => {
      if (seq === options.duplicateAt) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      steps.push(`journal ${seq}`);
      appended.push(batch);
    },
    markProjected: async () => undefined,
    deleteThrough: async () => undefined,
  } as unknown as JournalRepository;
  const relay = new OutboxRelay({
    publish: async (events) => void steps.push(`publish ${events.map((e) => e.type).join(',')}`),
    markPublished: async (seq) => void steps.push(`mark ${seq}`),
    log,
    retryMs: 60_000,
  });
  const handler = createListingsHandler({ log, gazetteer: getGazetteer(), store: memoryStore(steps), journal, relay, seq: 0, maxBacklog: 0 });
  return { handler, steps, appended, relay };
}

describe('listings handler', () => {
  it('journals the batch with its events before any event is published', async () => {
    const { handler, steps, appended } = setup();
    await handler.handleBatch([fetched('1')], ctx);
    expect(steps).toEqual(['journal 1', 'publish offer.published', 'mark 1']);
    expect(appended[0].events.map((e) => e.type)).toEqual(['offer.published']);
    expect(appended[0].offers).toHaveLength(1);
    expect(appended[0].listings.map((l) => l.key)).toEqual(['sreality:1']);
  });

  it('writes and emits nothing for a listing seen again unchanged', async () => {
    const { handler, steps } = setup();
    await handler.handleBatch([fetched('1')], ctx);
    steps.length = 0;
    await handler.handleBatch([fetched('1')], ctx);
    expect(steps).toEqual([]);
    expect(handler.counters.unchanged).toBe(1);
  });

  it('catches up and asks for a retry when another instance wrote the same sequence number in a race', async () => {
    const { handler, steps } = setup({ duplicateAt: 1 });
    await expect(handler.handleBatch([fetched('1')], ctx)).rejects.toMatchObject({ retriable: true });
    // The other instance's batches are gone (deleted once projected and published): what this
    // instance had cached of the offers they changed is dropped.
    expect(steps).toEqual(['catch up', 'catch up', 'caches dropped']);
    await handler.handleBatch([fetched('1')], ctx);
    expect(steps).toEqual(['catch up', 'catch up', 'caches dropped', 'journal 8', 'publish offer.published', 'mark 8']);
    expect(handler.counters.conflicts).toBe(1);
  });

  it('takes a large batch in slices, each journaled on its own', async () => {
    const { handler, appended } = setup();
    await handler.handleBatch(Array.from({ length: 501 }, (_, i) => fetched(String(1000 + i))), ctx);
    expect(appended.map((b) => b.listings.length)).toEqual([500, 1]);
  });
});
