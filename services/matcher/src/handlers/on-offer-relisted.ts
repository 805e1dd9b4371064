import type { Bus, HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferRelistedV1 } from '@rr/proto';
import type { WatchdogRegistry } from '../domain/watchdog-registry';
import { emitMatches } from './emit-matches';

/**
 * A property back on the market: watchdogs that asked for comebacks hear of it as one (once per
 * comeback: the notifier's ledger key names the withdrawal), the others as a new offer, which the
 * ledger drops for anyone who had it — a comeback never repeats a new-offer alert.
 */
export function onOfferRelisted(bus: Bus, registry: WatchdogRegistry) {
  return async (event: Envelope<OfferRelistedV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    const { offer, fetchedAt, withdrawnAt } = event.data;
    const hits = registry.alerts(offer, 'backOnMarket');
    const matches = await emitMatches(bus, hits, offer, { fetchedAt, withdrawnAt, correlationId: event.correlationId });
    ctx.log.debug({ offerId: offer.id, matches }, 'comeback matched');
    return matches > 0 ? 'processed' : 'skipped';
  };
}
