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
});
export type OfferWithdrawnV1 = z.infer<typeof OfferWithdrawnV1>;
