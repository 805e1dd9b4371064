import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { applyOfferEvent, bucketKeysOf, type OfferEvent } from '../domain/apply-event';
import { sameFact, type OfferFact } from '../domain/offer-fact';
import { contribute, type BucketCells } from '../domain/price-bucket';
import type { BucketKey, CountsVersion } from '../repositories/price-bucket.repository';

export type FactStore = {
  findByOfferId(offerId: string): Promise<OfferFact | null>;
  save(fact: OfferFact, before: OfferFact | null): Promise<void>;
};
export type PendingWithdrawals = {
  findByOfferId(offerId: string): Promise<number | null>;
  save(offerId: string, withdrawnAt: number): Promise<void>;
  delete(offerId: string): Promise<void>;
};
export type BucketStore = { update(key: BucketKey, change: (cells: BucketCells) => void): Promise<CountsVersion | null> };
/** Tells every instance's reports which counts documents changed (`bucket-counts.changed`), without waiting for the send. */
export type CountsNotice = (counts: CountsVersion[]) => void;

/** One entry per counts document, at the last version written (one offer's buckets of several months share a document). */
function latestOf(changed: readonly CountsVersion[]): CountsVersion[] {
  const latest = new Map<string, number>();
  for (const c of changed) latest.set(c.id, Math.max(c.version, latest.get(c.id) ?? 0));
  return [...latest].map(([id, version]) => ({ id, version }));
}

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;

/** Each bucket the change touches, with the contributions to take out and put in. */
export function bucketChanges(before: OfferFact | null, after: OfferFact): Map<string, { key: BucketKey; out: OfferFact[]; in: OfferFact[] }> {
  const changes = new Map<string, { key: BucketKey; out: OfferFact[]; in: OfferFact[] }>();
  const file = (fact: OfferFact, side: 'out' | 'in') => {
    for (const placeKey of bucketKeysOf(fact)) {
      const key = { placeKey, adType: fact.adType, realEstateType: fact.realEstateType, month: fact.publishedMonth };
      const id = `${placeKey}|${key.adType}|${key.realEstateType}|${key.month}`;
      const entry = changes.get(id) ?? { key, out: [], in: [] };
      entry[side].push(fact);
      changes.set(id, entry);
    }
  };
  if (before) file(before, 'out');
  file(after, 'in');
  return changes;
}

/**
 * Read the offer's fact, apply the event, move its contribution between buckets, write the fact,
 * then say which counts changed. A redelivery finds the fact already written and changes nothing.
 * A crash between the bucket writes and the fact write counts the offer twice in its buckets
 * until a rebuild (README); the notice goes last so that failing to send it cannot cause that
 * (a notice lost for good leaves a copy held by reports stale until it expires).
 */
export function onOfferEvent(facts: FactStore, buckets: BucketStore, pending: PendingWithdrawals, notice: CountsNotice = () => {}) {
  return async (envelope: AnyOfferEnvelope, ctx: HandlerContext): Promise<HandlerResult> => {
    const event = { type: envelope.type, payload: envelope.data } as OfferEvent;
    const offerId = event.type === 'offer.withdrawn' ? event.payload.offerId : event.payload.offer.id;
    const before = await facts.findByOfferId(offerId);
    if (!before && event.type === 'offer.withdrawn') {
      await pending.save(offerId, Date.parse(event.payload.withdrawnAt));
      return 'processed';
    }
    const pendingWithdrawnAt = before ? null : await pending.findByOfferId(offerId);
    const after = applyOfferEvent(before, event, pendingWithdrawnAt);
    if (!after || sameFact(before, after)) return 'skipped';
    const changed: CountsVersion[] = [];
    for (const change of bucketChanges(before, after).values()) {
      const counts = await buckets.update(change.key, (cells) => {
        for (const f of change.out) contribute(cells, f, -1);
        for (const f of change.in) contribute(cells, f, 1);
      });
      if (counts) changed.push(counts);
    }
    await facts.save(after, before);
    if (pendingWithdrawnAt !== null) await pending.delete(offerId);
    notice(latestOf(changed));
    ctx.log.debug({ offerId, type: event.type }, 'offer fact and buckets saved');
    return 'processed';
  };
}
