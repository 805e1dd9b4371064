import type { Gazetteer } from '@rr/gazetteer';
import { AppError, type Bus, type HandlerContext, type Logger } from '@rr/kit';
import type { Envelope, ListingFetchedV1, ListingWithdrawnV1 } from '@rr/proto';
import { BatchNormaliser, type BatchInput, type BatchStats } from '../domain/normalise-batch';
import type { OutgoingEvent } from '../domain/outgoing-event';
import type { OfferStore } from '../repositories/offer-store';
import type { JournalBatch, JournalRepository } from '../repositories/journal.repository';
import { stampOrigins } from './event-origin';
import type { OutboxRelay } from './outbox-relay';

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

/** How long a journal number another instance claimed may stay unwritten before it counts as lost. */
const UNWRITTEN_WAIT_MS = 2_000;

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
  const counters: Counters = {
    decideMs: 0, writeMs: 0, publishWaitMs: 0, journaled: 0, conflicts: 0,
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
      await journal(result);
      await deps.store.apply(result, deps.seq);
      await deps.journal.markProjected(deps.seq);
      deps.relay.add(deps.seq, result.events);
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

  /**
   * Takes the next sequence number and writes the batch; another writer in between means our
   * view is stale. FerretDB runs a conditional update as a read and a write, so two racing
   * claims can both succeed: the unique `_id` of the batch document catches that race.
   */
  async function journal(result: JournalBatch): Promise<void> {
    const claimed = await deps.journal.claim(deps.seq);
    const written = claimed
      ? await deps.journal.append(deps.seq + 1, result).then(() => true, (err: { code?: number }) => {
        if (err.code === 11000) return false;
        throw err;
      })
      : false;
    if (!written) {
      counters.conflicts++;
      await catchUp();
      throw new AppError('UNAVAILABLE', 'another normaliser instance wrote to the journal; caught up, batch retried', { retriable: true });
    }
    deps.seq++;
    counters.journaled++;
  }

  /**
   * Projects what other instances journaled, in order, up to the head (they may have died before
   * projecting or publishing it: its events go out again, consumers are idempotent). A number
   * claimed but not written yet (its writer is between the claim and the insert) is waited for
   * briefly; batches already deleted (projected and published by their writer) or never written
   * (the writer died) cannot be applied here, so the store's caches, which may hold what they
   * changed, are dropped.
   */
  async function catchUp(): Promise<void> {
    const { head } = await deps.journal.readMarks();
    let skipped = 0;
    const waitUntil = Date.now() + UNWRITTEN_WAIT_MS;
    while (deps.seq < head) {
      let next: number | null = null;
      for await (const { seq, batch } of deps.journal.batchesAfter(deps.seq)) {
        if (seq !== deps.seq + 1 || seq > head) {
          next = seq;
          break;
        }
        await deps.store.apply(batch, seq);
        await deps.journal.markProjected(seq);
        deps.relay.add(seq, batch.events);
        deps.seq = seq;
      }
      if (deps.seq >= head) break;
      const gapEnd = Math.min(next ?? head + 1, head + 1) - 1;
      if (gapEnd <= (await deps.journal.readMarks()).projected || Date.now() > waitUntil) {
        skipped += gapEnd - deps.seq;
        deps.seq = gapEnd;
      } else {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    if (skipped > 0) {
      deps.store.forgetCached();
      deps.log.info({ skipped, seq: deps.seq }, 'journal batches of another instance were deleted or never written; caches dropped');
    }
  }

  return { handleBatch, counters, seq: () => deps.seq };
}

/**
 * Per event type, published before updated (and relisted) before withdrawn, so a consumer reading
 * the topics in that order never sees an update before its offer.
 */
export function publisherOf(bus: Bus) {
  return async (events: OutgoingEvent[]): Promise<void> => {
    for (const type of ['offer.published', 'offer.updated', 'offer.relisted', 'offer.withdrawn'] as const) {
      const list = events.filter((e): e is OutgoingEvent<typeof type> => e.type === type);
      if (list.length > 0) await bus.publishMany(type, list.map((e) => ({ key: e.key, data: e.data, correlationId: e.correlationId, trace: e.trace })));
    }
  };
}
