import type { Gazetteer } from '@rr/gazetteer';
import type { HandlerContext, Logger } from '@rr/kit';
import type { Envelope, ListingFetchedV1, ListingWithdrawnV1 } from '@rr/proto';
import { BatchNormaliser, type BatchInput, type BatchStats } from '../domain/normalise-batch';
import type { OfferStore } from '../repositories/offer-store';
import type { JournalRepository } from '../repositories/journal.repository';
import { BatchJournal } from '../journal/batch-journal';
import type { OutboxRelay } from '../journal/outbox-relay';
import { stampOrigins } from './event-origin';

export type NormaliserDeps = {
  log: Logger;
  gazetteer: Gazetteer;
  store: OfferStore;
  journal: JournalRepository;
  relay: OutboxRelay;
  /** The last journal sequence number this instance knows. */
  seq: number;
  /** Batches whose events may wait unpublished before a batch waits for them. */
  maxBacklog: number;
  /** How long an offer must stay withdrawn for its return to be a comeback (`offer.relisted`). */
  comebackMinMs?: number;
};

/** Listings decided and journaled together at most (~6 KB each in the journal with their events). */
const SLICE = 500;

export type Counters = BatchStats & {
  batches: number; listings: number; failed: number; lastBatchAt: string | null;
  /** Milliseconds spent deciding, journaling and projecting, and waiting for publishes, summed over batches. */
  decideMs: number; writeMs: number; publishWaitMs: number;
  journaled: number; conflicts: number;
};

/**
 * `listing.fetched` and `listing.withdrawn`, a fetched batch at a time: decide against the
 * stored state, write the batch's state and its events in one journal document, project the
 * state into the offer and listing collections, then release the events (outbox relay). Events
 * never go out before their write committed; a crash after the write loses none (at start the
 * journal's unprojected batches are projected and its unpublished ones published), and a
 * redelivered batch finds its listings unchanged and writes nothing.
 */
export function createListingsHandler(deps: NormaliserDeps) {
  const writer = new BatchJournal(deps);
  const counters: Omit<Counters, 'journaled' | 'conflicts'> = {
    decideMs: 0, writeMs: 0, publishWaitMs: 0,
    batches: 0, listings: 0, failed: 0, lastBatchAt: null, unchanged: 0, published: 0, merged: 0, updated: 0, withdrawn: 0, relisted: 0, unresolved: 0, skipped: 0,
  };

  /**
   * Large fetched batches are taken in slices, each decided and journaled on its own: one journal
   * document stays a few MB, far below the 16 MB limit. A crash between slices is harmless: the
   * redelivered batch finds the first slices' listings unchanged.
   */
  async function handleBatch(events: Array<Envelope<ListingFetchedV1 | ListingWithdrawnV1>>, ctx: HandlerContext): Promise<void> {
    for (let i = 0; i < events.length; i += SLICE) await handleSlice(events.slice(i, i + SLICE), ctx);
  }

  async function handleSlice(events: Array<Envelope<ListingFetchedV1 | ListingWithdrawnV1>>, ctx: HandlerContext): Promise<void> {
    const inputs: BatchInput[] = events.map((e) =>
      e.type === 'listing.withdrawn' ? { kind: 'withdrawn', data: e.data as ListingWithdrawnV1 } : { kind: 'fetched', data: e.data as ListingFetchedV1 });
    const t0 = Date.now();
    const options = deps.comebackMinMs === undefined ? undefined : { comebackMinMs: deps.comebackMinMs };
    const result = await new BatchNormaliser(deps.store, deps.gazetteer, undefined, options).run(inputs);
    const t1 = Date.now();

    for (const f of result.failures) ctx.log.error({ listing: f.key, reason: f.reason }, 'listing skipped: it could not be normalised');
    for (const r of result.listings) {
      if (r.flags.includes('location-unresolved') && r.firstSeenAt === r.lastSeenAt) {
        ctx.log.warn({ listing: r.key, url: r.url, locality: r.locality }, 'listing kept without a location: neither GPS nor locality text resolved');
      }
    }
    if (result.listings.length > 0 || result.offers.length > 0 || result.events.length > 0) {
      stampOrigins(result.events, events);
      await writer.commit(result);
    }
    const t2 = Date.now();
    // The relay publishes while the next batch is decided; a batch waits only when Kafka falls behind.
    const flushed = deps.relay.flush();
    if (deps.relay.backlog > deps.maxBacklog) await flushed;
    counters.publishWaitMs += Date.now() - t2;
    counters.decideMs += t1 - t0;
    counters.writeMs += t2 - t1;

    counters.batches++;
    counters.listings += events.length;
    counters.failed += result.failures.length;
    counters.lastBatchAt = new Date().toISOString();
    for (const k of Object.keys(result.stats) as Array<keyof BatchStats>) counters[k] += result.stats[k];
    ctx.log.debug({ size: events.length, ...result.stats }, 'batch normalised');
  }

  return {
    handleBatch,
    get counters(): Counters {
      return { ...counters, journaled: writer.journaled, conflicts: writer.conflicts };
    },
    seq: () => writer.seq,
  };
}
