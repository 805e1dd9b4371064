import type { Bus, HandlerContext, HandlerResult } from '@rr/kit';
import type { Envelope, OfferWithdrawnV1 } from '@rr/proto';
import type { WatchdogRegistry } from '../domain/watchdog-registry';
import { emitMatches } from './emit-matches';

/**
 * A withdrawn property: the watchdogs that asked for no-longer-active notices and match it (as it
 * was while active) are candidates; the notifier sends a notice only to people its ledger says were
 * alerted to the offer. Events without the offer (written before it was carried) and offers already
 * back (withdrawn and returned in one batch) are skipped.
 */
export function onOfferWithdrawn(bus: Bus, registry: WatchdogRegistry) {
  return async (event: Envelope<OfferWithdrawnV1>, ctx: HandlerContext): Promise<HandlerResult> => {
    const { offer, withdrawnAt } = event.data;
    if (!offer || offer.active) return 'skipped';
    const hits = registry.alerts(offer, 'noLongerActive');
    const matches = await emitMatches(bus, hits, offer, { fetchedAt: withdrawnAt, withdrawnAt, correlationId: event.correlationId });
    ctx.log.debug({ offerId: offer.id, matches }, 'withdrawal matched');
    return matches > 0 ? 'processed' : 'skipped';
  };
}
