import type { Gazetteer } from '@rr/gazetteer';
import type { Bus, HandlerContext, Logger } from '@rr/kit';
import type { Envelope, EventType, ListingFetchedV1, ListingWithdrawnV1 } from '@rr/proto';
import { BatchNormaliser, type BatchInput, type BatchStats } from '../domain/normalise-batch';
import type { StateCache } from '../domain/state-cache';
import type { OutgoingEvent, StateWriter } from '../repositories/state-writer';

export type NormaliserDeps = {
  log: Logger;
  gazetteer: Gazetteer;
  cache: StateCache;
  writer: StateWriter;
  publish: (events: OutgoingEvent[]) => Promise<void>;
};

export type Counters = BatchStats & {
  batches: number; listings: number; failed: number; lastBatchAt: string | null;
  /** Milliseconds spent deciding, publishing and writing, summed over batches. */
  decideMs: number; publishMs: number; writeMs: number; offersWriteMs: number; listingsWriteMs: number;
};

/**
 * `listing.fetched` and `listing.withdrawn`, a fetched batch at a time: decide in memory, emit,
 * write offers and listings in bulk, then remember the new state.
 *
 * Events go out before the write: if the process dies in between, Kafka redelivers the batch,
 * the state (reloaded from the database) has not moved, and the same events (same offer ids) are
 * computed, emitted again and written. Consumers already treat offer events idempotently by offer
 * id; writing first instead would lose the events of a batch that dies after its write.
 */
export function createListingsHandler(deps: NormaliserDeps) {
  const counters: Counters = { offersWriteMs: 0, listingsWriteMs: 0, decideMs: 0, publishMs: 0, writeMs: 0, batches: 0, listings: 0, failed: 0, lastBatchAt: null, unchanged: 0, published: 0, merged: 0, updated: 0, withdrawn: 0, unresolved: 0, skipped: 0 };

  async function handleBatch(events: Array<Envelope<ListingFetchedV1 | ListingWithdrawnV1>>, ctx: HandlerContext): Promise<void> {
    const inputs: BatchInput[] = events.map((e) =>
      e.type === 'listing.withdrawn' ? { kind: 'withdrawn', data: e.data as ListingWithdrawnV1 } : { kind: 'fetched', data: e.data as ListingFetchedV1 });
    const t0 = Date.now();
    const result = await new BatchNormaliser(deps.cache, deps.gazetteer).run(inputs);
    const t1 = Date.now();

    for (const f of result.failures) ctx.log.error({ listing: f.key, reason: f.reason }, 'listing skipped: it could not be normalised');
    for (const r of result.listings) {
      if (r.flags.includes('location-unresolved') && r.firstSeenAt === r.lastSeenAt) {
        ctx.log.warn({ listing: r.key, url: r.url, locality: r.locality }, 'listing kept without a location: neither GPS nor locality text resolved');
      }
    }
    await deps.publish(result.events);
    const t2 = Date.now();
    const written = await deps.writer.write({
      offers: result.offers,
      listings: result.listings,
      isNewOffer: (id) => !deps.cache.hasOffer(id),
      isNewListing: (key) => !deps.cache.hasListing(key),
    });
    counters.decideMs += t1 - t0;
    counters.publishMs += t2 - t1;
    counters.writeMs += Date.now() - t2;
    counters.offersWriteMs += written.offersMs;
    counters.listingsWriteMs += written.listingsMs;
    for (const o of result.offers) deps.cache.putOffer(o);
    for (const r of result.listings) deps.cache.putListing(r);

    counters.batches++;
    counters.listings += events.length;
    counters.failed += result.failures.length;
    counters.lastBatchAt = new Date().toISOString();
    for (const k of Object.keys(result.stats) as Array<keyof BatchStats>) counters[k] += result.stats[k];
    ctx.log.debug({ size: events.length, ...result.stats }, 'batch normalised');
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
