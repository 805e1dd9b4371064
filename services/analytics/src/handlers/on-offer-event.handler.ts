import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { applyOfferEvent, bucketKeysOf, type OfferEvent } from '../domain/apply-event';
import { sameFact, type OfferFact } from '../domain/offer-fact';
import { contribute, type BucketCells } from '../domain/price-bucket';
import type { BucketKey } from '../repositories/price-bucket.repository';

export type FactStore = {
  findByOfferId(offerId: string): Promise<OfferFact | null>;
  save(fact: OfferFact, before: OfferFact | null): Promise<void>;
};
export type PendingWithdrawals = {
  findByOfferId(offerId: string): Promise<number | null>;
  save(offerId: string, withdrawnAt: number): Promise<void>;
  delete(offerId: string): Promise<void>;
};
export type BucketStore = { update(key: BucketKey, change: (cells: BucketCells) => void): Promise<void> };

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
 * Read the offer's fact, apply the event, move its contribution between buckets, write the fact.
 * A redelivery finds the fact already written and changes nothing. A crash between the bucket
 * writes and the fact write counts the offer twice in its buckets until a rebuild (README).
 */
export function onOfferEvent(facts: FactStore, buckets: BucketStore, pending: PendingWithdrawals) {
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
    for (const change of bucketChanges(before, after).values()) {
      await buckets.update(change.key, (cells) => {
        for (const f of change.out) contribute(cells, f, -1);
        for (const f of change.in) contribute(cells, f, 1);
      });
    }
    await facts.save(after, before);
    if (pendingWithdrawnAt !== null) await pending.delete(offerId);
    ctx.log.debug({ offerId, type: event.type }, 'offer fact and buckets saved');
    return 'processed';
  };
}
