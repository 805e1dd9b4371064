import { getGazetteer } from '@rr/gazetteer';
import { createLogger, type HandlerContext } from '@rr/kit';
import type { Envelope, ListingFetchedV1 } from '@rr/proto';
import { rawListing } from '../../test/factories';
import { StateCache } from '../domain/state-cache';
import type { JournalBatch, JournalRepository } from '../repositories/journal.repository';
import { createListingsHandler } from './on-listings.handler';
import { OutboxRelay } from './outbox-relay';

const log = createLogger('test', 'silent');
const ctx: HandlerContext = { log, topic: 'listing.fetched.v1', partition: 0, offset: '0' };

function fetched(listingId: string): Envelope<ListingFetchedV1> {
  const listing = rawListing({ listingId, images: [] });
  return { id: `e-${listingId}`, type: 'listing.fetched', version: 1, occurredAt: '2026-03-01T10:00:00.000Z', producer: 'test', correlationId: 'c', key: `sreality:${listingId}`, data: { listing, fetchedAt: '2026-03-01T10:00:00.000Z' } };
}

/** A journal in memory that records, with the relay's publishes, the order things happened in. */
function setup(options: { duplicateAt?: number } = {}) {
  const steps: string[] = [];
  const appended: JournalBatch[] = [];
  const journal = {
    claim: async () => true,
    load: async () => {
      steps.push('reload');
      return { offers: new Map(), listings: new Map(), seq: 7, unpublished: [], journalBytes: 0, snapshotBytes: 0 };
    },
    append: async (seq: number, batch: JournalBatch) => {
      if (seq === options.duplicateAt) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      steps.push(`journal ${seq}`);
      appended.push(batch);
      return 1;
    },
  } as unknown as JournalRepository;
  const relay = new OutboxRelay({
    publish: async (events) => void steps.push(`publish ${events.map((e) => e.type).join(',')}`),
    markPublished: async (seq) => void steps.push(`mark ${seq}`),
    log,
    retryMs: 60_000,
  });
  const handler = createListingsHandler({
    log, gazetteer: getGazetteer(), cache: new StateCache(), journal, relay,
    seq: 0, journalBytes: 0, snapshotBytes: 0, compactMinBytes: Number.MAX_SAFE_INTEGER, maxBacklog: 0,
  });
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

  it('reloads and asks for a retry when another instance wrote the same sequence number in a race', async () => {
    const { handler, steps } = setup({ duplicateAt: 1 });
    await expect(handler.handleBatch([fetched('1')], ctx)).rejects.toMatchObject({ retriable: true });
    expect(steps).toEqual(['reload']);
    await handler.handleBatch([fetched('1')], ctx);
    expect(steps).toEqual(['reload', 'journal 8', 'publish offer.published', 'mark 8']);
    expect(handler.counters.conflicts).toBe(1);
  });

  it('takes a large batch in slices, each journaled on its own', async () => {
    const { handler, appended } = setup();
    await handler.handleBatch(Array.from({ length: 501 }, (_, i) => fetched(String(1000 + i))), ctx);
    expect(appended.map((b) => b.listings.length)).toEqual([500, 1]);
  });
});
