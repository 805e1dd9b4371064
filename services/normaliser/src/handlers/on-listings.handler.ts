import type { Gazetteer } from '@rr/gazetteer';
import type { Bus, HandlerContext, Logger } from '@rr/kit';
import type { Envelope, EventType, ListingFetchedV1, ListingWithdrawnV1 } from '@rr/proto';
import type { DedupeIndex } from '../domain/dedupe-index';
import { BatchNormaliser, type BatchInput, type BatchStats } from '../domain/normalise-batch';
import type { ListingRepository } from '../repositories/listing.repository';
import type { OfferRepository } from '../repositories/offer.repository';
import type { OutgoingEvent, StateWriter } from '../repositories/state-writer';

export type NormaliserDeps = {
  log: Logger;
  gazetteer: Gazetteer;
  listings: ListingRepository;
  offers: OfferRepository;
  writer: StateWriter;
  index: DedupeIndex;
};

export type Counters = BatchStats & { batches: number; listings: number; failed: number; lastBatchAt: string | null };

/** Keeps one commit record well under the 16 MB document limit. */
const MAX_CHUNK = 300;

/**
 * `listing.fetched` and `listing.withdrawn`, a fetched batch at a time: decide in memory, then
 * write offers, listings and events in a few bulk commands (StateWriter).
 */
export function createListingsHandler(deps: NormaliserDeps) {
  const counters: Counters = { batches: 0, listings: 0, failed: 0, lastBatchAt: null, unchanged: 0, published: 0, merged: 0, updated: 0, withdrawn: 0, unresolved: 0, skipped: 0 };

  async function handleChunk(events: Array<Envelope<ListingFetchedV1 | ListingWithdrawnV1>>, ctx: HandlerContext): Promise<void> {
    const inputs: BatchInput[] = events.map((e) =>
      e.type === 'listing.withdrawn' ? { kind: 'withdrawn', data: e.data as ListingWithdrawnV1 } : { kind: 'fetched', data: e.data as ListingFetchedV1 });
    const result = await new BatchNormaliser({
      findListings: (keys) => deps.listings.findByKeys(keys),
      findOffers: (ids) => deps.offers.findByIds(ids),
      candidateIds: (facts) => deps.index.candidateIds(facts),
    }, deps.gazetteer).run(inputs);

    for (const f of result.failures) ctx.log.error({ listing: f.key, reason: f.reason }, 'listing skipped: it could not be normalised');
    for (const r of result.listings) {
      if (r.flags.includes('location-unresolved') && r.firstSeenAt === r.lastSeenAt) {
        ctx.log.warn({ listing: r.key, url: r.listing.url, locality: r.listing.locality }, 'listing kept without a location: neither GPS nor locality text resolved');
      }
    }
    await deps.writer.commit(result);
    for (const o of result.offers) deps.index.upsert(o);

    counters.batches++;
    counters.listings += events.length;
    counters.failed += result.failures.length;
    counters.lastBatchAt = new Date().toISOString();
    for (const k of Object.keys(result.stats) as Array<keyof BatchStats>) counters[k] += result.stats[k];
    ctx.log.debug({ size: events.length, ...result.stats }, 'batch normalised');
  }

  async function handleBatch(events: Array<Envelope<ListingFetchedV1 | ListingWithdrawnV1>>, ctx: HandlerContext): Promise<void> {
    // A batch an earlier attempt committed but did not finish is completed first.
    await deps.writer.recover();
    for (let i = 0; i < events.length; i += MAX_CHUNK) await handleChunk(events.slice(i, i + MAX_CHUNK), ctx);
  }

  return { handleBatch, counters };
}

/** Per event type, in order; each type is its own topic, and order matters only per offer within a type. */
export function publisherOf(bus: Bus) {
  return async (events: OutgoingEvent[]): Promise<void> => {
    const byType = new Map<EventType, OutgoingEvent[]>();
    for (const e of events) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
    await Promise.all([...byType].map(([type, list]) => bus.publishMany(type, list.map((e) => ({ key: e.key, data: e.data })))));
  };
}
