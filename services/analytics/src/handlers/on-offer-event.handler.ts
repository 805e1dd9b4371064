import { randomUUID } from 'node:crypto';
import type { HandlerContext } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import type { OfferEvent } from '../domain/apply-event';
import { bucketChangesOf, type BucketChange } from '../domain/bucket-changes';
import { foldOfferEvents, offerIdOf, type FactChange, type FoldedOfferEvents } from '../domain/fold-offer-events';
import type { OfferFact } from '../domain/offer-fact';
import type { BatchMark, FiledBucketVersion } from '../repositories/bucket-filing';
import type { CountsVersion } from '../repositories/price-bucket.repository';

export type FactStore = {
  findByOfferIds(offerIds: readonly string[]): Promise<Map<string, OfferFact>>;
  saveAll(changes: readonly FactChange[]): Promise<void>;
};
export type PendingWithdrawals = {
  findByOfferIds(offerIds: readonly string[]): Promise<Map<string, number>>;
  write(kept: ReadonlyMap<string, number>, used: readonly string[]): Promise<void>;
};
/** Buckets first, then their place keys' counts (`bucket-filing.ts`). */
export type BucketStore = {
  /** Filing the same changes again under the same mark (a retry) leaves the buckets it wrote as they are. */
  fileBuckets(changes: readonly BucketChange[], mark: BatchMark): Promise<FiledBucketVersion[]>;
  fileCounts(filed: readonly FiledBucketVersion[]): Promise<CountsVersion[]>;
};
/** Tells every instance's reports which counts documents changed (`bucket-counts.changed`), without waiting for the send. */
export type CountsNotice = (counts: CountsVersion[]) => void;
/** What finishing a batch writes: its offers' fact changes (the bucket changes follow from them) and kept-aside withdrawals. */
export type FilingPlan = Pick<FoldedOfferEvents, 'changes' | 'withdrawalsKept' | 'withdrawalsUsed'>;
/**
 * Each source's (topic partition's) batch in progress, kept in the database from before its first
 * write until its last (`filing-journal.repository.ts`), so that a batch whose process died
 * part-way is finished from the same plan by the next batch of its partition.
 */
export type FilingJournal = {
  keep(mark: BatchMark, plan: FilingPlan): Promise<void>;
  /** The plan a batch of this source left unfinished, if any. */
  left(source: string): Promise<{ token: string; plan: FilingPlan } | null>;
  done(mark: BatchMark): Promise<void>;
};
export type FilingStores = { facts: FactStore; buckets: BucketStore; pending: PendingWithdrawals; journal: FilingJournal };

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;

/**
 * A batch as folded, until all its writes are done. Held in memory so that a write that fails
 * (the database restarting, say) is finished from the same plan when the bus hands the batch (or
 * its events one by one) over again: folded again from facts not yet written, its offers would
 * move in their buckets twice. Its buckets record its mark (its partition's, with a token of its
 * own), so filing them again leaves those already written as they are. The same plan is in the
 * journal for a process that dies part-way.
 */
type BatchInProgress = {
  mark: BatchMark;
  eventIds: ReadonlySet<string>;
  changes: readonly BucketChange[];
  plan: FilingPlan;
  /** Whether the plan is in the journal yet. */
  journaled: boolean;
  /** The counts filed, once they are: filed again they would name nothing for the notice. */
  counts: CountsVersion[] | null;
};

/**
 * Files a batch of offer events (one topic partition's, in order): reads the facts and kept-aside
 * withdrawals of all its offers at once, applies the events in memory, moves each changed offer's
 * contribution between buckets (every touched bucket and counts document read and written once),
 * writes the facts, then says in one notice which counts changed.
 *
 * A redelivered batch finds its facts written and changes nothing. Buckets go first so that a fact
 * is never written without its contribution. The plan goes into the journal before the first
 * write and leaves it after the last. A batch whose writes failed is finished from its plan
 * before anything is read: by the next call that carries any of its events (from memory), or by
 * the next batch of its partition (from the journal: after the process died, or when the bus gave
 * the batch up). Kept-aside withdrawals are deleted only once the facts that applied them are
 * written. The notice goes last so that failing to send it cannot cause a double count (a notice
 * lost for good, as a finished journaled plan's is, leaves a copy held by reports stale until it
 * expires).
 */
export function onOfferEvents({ facts, buckets, pending, journal }: FilingStores, notice: CountsNotice = () => {}) {
  let inProgress: BatchInProgress | null = null;

  const finish = async (batch: BatchInProgress): Promise<void> => {
    const { plan } = batch;
    if (batch.counts === null) {
      if (!batch.journaled) {
        await journal.keep(batch.mark, plan);
        batch.journaled = true;
      }
      const filed = batch.changes.length > 0 ? await buckets.fileBuckets(batch.changes, batch.mark) : [];
      batch.counts = filed.length > 0 ? await buckets.fileCounts(filed) : [];
    }
    if (plan.changes.length > 0) await facts.saveAll(plan.changes);
    if (plan.withdrawalsKept.size > 0 || plan.withdrawalsUsed.length > 0) await pending.write(plan.withdrawalsKept, plan.withdrawalsUsed);
    await journal.done(batch.mark);
    inProgress = null;
    if (batch.counts.length > 0) notice(batch.counts);
  };

  return async (envelopes: AnyOfferEnvelope[], ctx: HandlerContext): Promise<void> => {
    const source = sourceOf(ctx);
    const left = inProgress;
    if (left && envelopes.some((e) => left.eventIds.has(e.id))) await finish(left);
    else if (left) {
      // Given up by the bus (its events dead-lettered): its plan stays in the journal for the
      // next batch of its partition, which may be this one.
      await finish(left).catch((err: Error) => {
        inProgress = null;
        ctx.log.warn({ err, source: left.mark.source, offers: left.plan.changes.length }, 'an earlier batch is not finished yet: its plan stays in the journal');
      });
    }
    const unfinished = await journal.left(source);
    if (unfinished) {
      const plan = unfinished.plan;
      ctx.log.warn({ source, offers: plan.changes.length }, 'finishing a batch left part-written, from the journal');
      inProgress = { mark: { source, token: unfinished.token }, eventIds: new Set(), changes: bucketChangesOf(plan.changes), plan, journaled: true, counts: null };
      await finish(inProgress);
    }
    const events = envelopes.map((e) => ({ type: e.type, payload: e.data }) as OfferEvent);
    const offerIds = [...new Set(events.map(offerIdOf))];
    const [stored, kept] = await Promise.all([facts.findByOfferIds(offerIds), pending.findByOfferIds(offerIds)]);
    const folded = foldOfferEvents(events, stored, kept);
    const changes = bucketChangesOf(folded.changes);
    // A batch that writes nothing (a redelivery) needs no plan.
    if (folded.changes.length > 0 || folded.withdrawalsKept.size > 0 || folded.withdrawalsUsed.length > 0) {
      inProgress = { mark: { source, token: randomUUID().slice(0, 13) }, eventIds: new Set(envelopes.map((e) => e.id)), changes, plan: folded, journaled: false, counts: null };
      await finish(inProgress);
    }
    ctx.log.debug({ events: events.length, offers: offerIds.length, changed: folded.changes.length, skipped: folded.skipped, buckets: changes.length }, 'offer events filed');
  };
}

/** A topic partition as a field name of a bucket's `marks` (no dots: they are paths in an update). */
const sourceOf = (ctx: HandlerContext) => `${ctx.topic}~${ctx.partition}`.replace(/[.$]/g, '_');
