import type { HandlerContext } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import type { OfferEvent } from '../domain/apply-event';
import { bucketChangesOf, type BucketChange } from '../domain/bucket-changes';
import { foldOfferEvents, offerIdOf, type FactChange } from '../domain/fold-offer-events';
import type { OfferFact } from '../domain/offer-fact';
import type { CountsVersion } from '../repositories/price-bucket.repository';

export type FactStore = {
  findByOfferIds(offerIds: readonly string[]): Promise<Map<string, OfferFact>>;
  saveAll(changes: readonly FactChange[]): Promise<void>;
};
export type PendingWithdrawals = {
  findByOfferIds(offerIds: readonly string[]): Promise<Map<string, number>>;
  write(kept: ReadonlyMap<string, number>, used: readonly string[]): Promise<void>;
};
export type BucketStore = { applyChanges(changes: readonly BucketChange[]): Promise<CountsVersion[]> };
/** Tells every instance's reports which counts documents changed (`bucket-counts.changed`), without waiting for the send. */
export type CountsNotice = (counts: CountsVersion[]) => void;

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;

/**
 * Files a batch of offer events (one topic partition's, in order): reads the facts and kept-aside
 * withdrawals of all its offers at once, applies the events in memory, moves each changed offer's
 * contribution between buckets (every touched bucket and counts document read and written once),
 * writes the facts, then says in one notice which counts changed.
 *
 * A redelivered batch finds its facts written and changes nothing. A crash (or a failed write)
 * after bucket writes and before the facts are written counts those offers twice in their buckets
 * until a rebuild (README): buckets go first so that a fact is never written without its
 * contribution.
 * Kept-aside withdrawals are deleted only once the facts that applied them are written. The notice
 * goes last so that failing to send it cannot cause a double count (a notice lost for good leaves a
 * copy held by reports stale until it expires). A batch that fails is retried by the bus, then its
 * events one by one to isolate a poison message; a batch of one is the single-event path.
 */
export function onOfferEvents(facts: FactStore, buckets: BucketStore, pending: PendingWithdrawals, notice: CountsNotice = () => {}) {
  return async (envelopes: AnyOfferEnvelope[], ctx: HandlerContext): Promise<void> => {
    const events = envelopes.map((e) => ({ type: e.type, payload: e.data }) as OfferEvent);
    const offerIds = [...new Set(events.map(offerIdOf))];
    const [stored, kept] = await Promise.all([facts.findByOfferIds(offerIds), pending.findByOfferIds(offerIds)]);
    const folded = foldOfferEvents(events, stored, kept);
    const changes = bucketChangesOf(folded.changes);
    const counts = changes.length > 0 ? await buckets.applyChanges(changes) : [];
    if (folded.changes.length > 0) await facts.saveAll(folded.changes);
    if (folded.withdrawalsKept.size > 0 || folded.withdrawalsUsed.length > 0) await pending.write(folded.withdrawalsKept, folded.withdrawalsUsed);
    if (counts.length > 0) notice(counts);
    ctx.log.debug({ events: events.length, offers: offerIds.length, changed: folded.changes.length, skipped: folded.skipped, buckets: changes.length, counts: counts.length }, 'offer events filed');
  };
}
