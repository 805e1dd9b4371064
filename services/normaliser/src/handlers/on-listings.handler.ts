import type { Gazetteer } from '@rr/gazetteer';
import type { Bus, HandlerContext, Logger } from '@rr/kit';
import type { Envelope, EventType, ListingFetchedV1, ListingWithdrawnV1 } from '@rr/proto';
import { BatchNormaliser, type BatchInput, type BatchStats } from '../domain/normalise-batch';
import type { ListingRepository } from '../repositories/listing.repository';
import type { OfferRepository } from '../repositories/offer.repository';
import type { OutboxRepository, StoredEvent } from '../repositories/outbox.repository';

export type NormaliserDeps = {
  bus: Bus;
  log: Logger;
  gazetteer: Gazetteer;
  listings: ListingRepository;
  offers: OfferRepository;
  outbox: OutboxRepository;
};

export type Counters = BatchStats & { batches: number; listings: number; failed: number; lastBatchAt: string | null };

/**
 * `listing.fetched` and `listing.withdrawn`, a fetched batch at a time: decide in memory, write
 * listings, offers and the events to emit (outbox) in bulk, then publish and clear the outbox.
 */
export function createListingsHandler(deps: NormaliserDeps) {
  const counters: Counters = { batches: 0, listings: 0, failed: 0, lastBatchAt: null, unchanged: 0, published: 0, merged: 0, updated: 0, withdrawn: 0, unresolved: 0, skipped: 0 };

  async function handleBatch(events: Array<Envelope<ListingFetchedV1 | ListingWithdrawnV1>>, ctx: HandlerContext): Promise<void> {
    await flushOutbox(deps);
    const inputs: BatchInput[] = events.map((e) =>
      e.type === 'listing.withdrawn' ? { kind: 'withdrawn', data: e.data as ListingWithdrawnV1 } : { kind: 'fetched', data: e.data as ListingFetchedV1 });
    const result = await new BatchNormaliser({
      findListings: (keys) => deps.listings.findByKeys(keys),
      findOffers: (ids) => deps.offers.findByIds(ids),
      findOffersByDedupeKeys: (keys) => deps.offers.findByDedupeKeys(keys),
    }, deps.gazetteer).run(inputs);

    for (const f of result.failures) ctx.log.error({ listing: f.key, reason: f.reason }, 'listing skipped: it could not be normalised');
    for (const r of result.listings) {
      if (r.flags.includes('location-unresolved') && r.firstSeenAt === r.lastSeenAt) {
        ctx.log.warn({ listing: r.key, url: r.listing.url, locality: r.listing.locality }, 'listing kept without a location: neither GPS nor locality text resolved');
      }
    }
    const stored = await deps.outbox.add(result.events);
    await Promise.all([deps.offers.saveMany(result.offers), deps.listings.saveMany(result.listings)]);
    await publish(deps.bus, stored);
    await deps.outbox.remove(stored.map((e) => e.id));

    counters.batches++;
    counters.listings += events.length;
    counters.failed += result.failures.length;
    counters.lastBatchAt = new Date().toISOString();
    for (const k of Object.keys(result.stats) as Array<keyof BatchStats>) counters[k] += result.stats[k];
    ctx.log.debug({ size: events.length, ...result.stats }, 'batch normalised');
  }

  return { handleBatch, counters };
}

/** Sends what an earlier round wrote but may not have sent (a crash between the two). */
export async function flushOutbox(deps: Pick<NormaliserDeps, 'bus' | 'outbox'>): Promise<number> {
  const pending = await deps.outbox.pending();
  if (pending.length === 0) return 0;
  await publish(deps.bus, pending);
  await deps.outbox.remove(pending.map((e) => e.id));
  return pending.length;
}

/** Per event type, in order; each type is its own topic, and order matters only per offer within a type. */
async function publish(bus: Bus, events: StoredEvent[]): Promise<void> {
  const byType = new Map<EventType, StoredEvent[]>();
  for (const e of events) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
  await Promise.all([...byType].map(([type, list]) => bus.publishMany(type, list.map((e) => ({ key: e.key, data: e.data })))));
}
