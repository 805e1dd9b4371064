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
    const hits = registry.match(offer, 'new').map((watchdog) => ({ watchdog, reason: 'new' as const }));
    const matches = await emitMatches(bus, hits, offer, { fetchedAt, correlationId: event.correlationId });
    ctx.log.debug({ offerId: offer.id, matches }, 'offer matched');
    return matches > 0 ? 'processed' : 'skipped';
  };
}
