import { z } from 'zod';
import { Offer } from '../domain/offer';

/** A property seen for the first time on any portal. Key: offer id. */
export const OfferPublishedV1 = z.object({
  offer: Offer,
  /** When the crawler fetched the listing that made it, for pipeline latency. */
  fetchedAt: z.string().datetime(),
});
export type OfferPublishedV1 = z.infer<typeof OfferPublishedV1>;

export const OFFER_CHANGES = ['price', 'sources', 'details', 'reactivated'] as const;

/** A known property changed: a new price (history kept), another portal, other details. Key: offer id. */
export const OfferUpdatedV1 = z.object({
  offer: Offer,
  previousPrice: z.number().nullable(),
  changes: z.array(z.enum(OFFER_CHANGES)).min(1),
  fetchedAt: z.string().datetime(),
});
export type OfferUpdatedV1 = z.infer<typeof OfferUpdatedV1>;

/** Every portal withdrew the property. Key: offer id. */
export const OfferWithdrawnV1 = z.object({
  offerId: z.string(),
  withdrawnAt: z.string().datetime(),
  /** The offer as withdrawn (`active: false`), for the "no longer active" notices; optional: older events lack it. */
  offer: Offer.optional(),
});
export type OfferWithdrawnV1 = z.infer<typeof OfferWithdrawnV1>;

/**
 * A withdrawn property is published again, on any portal (the same property by the normaliser's
 * cross-portal dedupe), after staying withdrawn long enough to be news (`isComeback`): once per
 * comeback, beside the `offer.updated` with `reactivated` that every reader of offers gets. Key: offer id.
 */
export const OfferRelistedV1 = z.object({
  offer: Offer,
  /** When it had been withdrawn: with the offer id, the identity of this comeback. */
  withdrawnAt: z.string().datetime(),
  /** When the crawler fetched the listing that brought it back (pipeline latency, as for new offers). */
  fetchedAt: z.string().datetime(),
});
export type OfferRelistedV1 = z.infer<typeof OfferRelistedV1>;
