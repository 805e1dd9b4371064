import type { Bus, HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, Offer, OfferUpdatedV1 } from '@rr/proto';
import type { WatchdogRegistry } from '../domain/watchdog-registry';
import { emitMatches } from './emit-matches';

/** Only a lower price is news (to watchdogs that asked for it); another portal or new details are not. */
export function isPriceDrop({ offer, previousPrice, changes }: OfferUpdatedV1): boolean {
  return changes.includes('price') && previousPrice != null && offer.price != null && offer.price < previousPrice;
}

/** The offer as it was before the drop, for "did it match already?": its old price and price per m². */
export function atPreviousPrice(offer: Offer, previousPrice: number): Offer {
  const pricePerM2 = offer.pricePerM2 != null && offer.price ? Math.round((offer.pricePerM2 * previousPrice) / offer.price) : offer.pricePerM2;
  return { ...offer, price: previousPrice, pricePerM2 };
}

/**
 * A price drop: watchdogs that asked for drops hear of it; the others hear of the offer as new
 * only if the drop brought it into their price range (it was not news to them before).
 */
export function onOfferUpdated(bus: Bus, registry: WatchdogRegistry) {
  return async (event: Envelope<OfferUpdatedV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    if (!isPriceDrop(event.data)) return 'skipped';
    const { offer, fetchedAt, previousPrice } = event.data;
    const hits = registry.alerts(offer, 'priceDrop', new Date(), atPreviousPrice(offer, previousPrice!));
    const matches = await emitMatches(bus, hits, offer, { fetchedAt, correlationId: event.correlationId });
    ctx.log.debug({ offerId: offer.id, matches }, 'price drop matched');
    return matches > 0 ? 'processed' : 'skipped';
  };
}
