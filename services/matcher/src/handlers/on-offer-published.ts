import type { Bus, HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferPublishedV1 } from '@rr/proto';
import type { WatchdogRegistry } from '../domain/watchdog-registry';
import { emitMatches } from './emit-matches';

/**
 * A property seen for the first time: alert every matching watchdog. A redelivery emits the same
 * matches again; the notifier's ledger sends each person one e-mail per property.
 */
export function onOfferPublished(bus: Bus, registry: WatchdogRegistry) {
  return async (event: Envelope<OfferPublishedV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    const { offer, fetchedAt } = event.data;
    const matches = await emitMatches(bus, registry, offer, 'new', fetchedAt, event.correlationId);
    ctx.log.debug({ offerId: offer.id, matches }, 'offer matched');
    return matches > 0 ? 'processed' : 'skipped';
  };
}
