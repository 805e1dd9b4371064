import type { Bus, HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferUpdatedV1 } from '@rr/proto';
import type { WatchdogRegistry } from '../domain/watchdog-registry';
import { emitMatches } from './emit-matches';

/** Only a lower price is news (to watchdogs that asked for it); another portal or new details are not. */
export function isPriceDrop({ offer, previousPrice, changes }: OfferUpdatedV1): boolean {
  return changes.includes('price') && previousPrice != null && offer.price != null && offer.price < previousPrice;
}

export function onOfferUpdated(bus: Bus, registry: WatchdogRegistry) {
  return async (event: Envelope<OfferUpdatedV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    if (!isPriceDrop(event.data)) return 'skipped';
    const { offer, fetchedAt } = event.data;
    const matches = await emitMatches(bus, registry, offer, 'priceDrop', fetchedAt, event.correlationId);
    ctx.log.debug({ offerId: offer.id, matches }, 'price drop matched');
    return matches > 0 ? 'processed' : 'skipped';
  };
}
