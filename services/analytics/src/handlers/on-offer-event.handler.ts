import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferPublishedV1, OfferUpdatedV1, OfferWithdrawnV1 } from '@rr/proto';
import { applyOfferEvent, type OfferEvent } from '../domain/apply-event';
import type { OfferFact } from '../domain/offer-fact';

export type FactStore = {
  findByOfferId(offerId: string): Promise<OfferFact | null>;
  save(fact: OfferFact, before: OfferFact | null): Promise<void>;
};

type AnyOfferEnvelope = Envelope<OfferPublishedV1 | OfferUpdatedV1 | OfferWithdrawnV1>;

/** Read the offer's fact, apply the event, write it back: a redelivery writes the same rows. */
export function onOfferEvent(facts: FactStore) {
  return async (envelope: AnyOfferEnvelope, ctx: HandlerContext): Promise<HandlerResult> => {
    const event = { type: envelope.type, payload: envelope.data } as OfferEvent;
    const offerId = event.type === 'offer.withdrawn' ? event.payload.offerId : event.payload.offer.id;
    const before = await facts.findByOfferId(offerId);
    const after = applyOfferEvent(before, event);
    if (!after || after === before) return 'skipped';
    await facts.save(after, before);
    ctx.log.debug({ offerId, type: event.type }, 'offer fact saved');
    return 'processed';
  };
}
