import type { HandlerContext } from '@rr/kit';
import type { Envelope, OfferWithdrawnV1, WatchdogChangedV1 } from '@rr/proto';
import type { Dispatcher } from '../dispatcher';

/**
 * A watchdog's new state: its recipients' held alerts are planned again under their delivery
 * (switched to instant: they go now; new digest times or quiet hours: re-timed). One indexed read
 * per batch; a redelivered state re-plans nothing.
 */
export function onWatchdogChanged(dispatcher: Dispatcher) {
  return async (events: Array<Envelope<WatchdogChangedV1>>, ctx: HandlerContext): Promise<void> => {
    const replanned = await dispatcher.deliveriesChanged(events.map((e) => e.data));
    if (replanned > 0) ctx.log.info({ watchdogs: events.length, replanned }, 'held alerts planned again');
  };
}

/** An offer withdrawn from every portal: alerts about it still waiting are not sent as live offers. */
export function onOfferWithdrawn(dispatcher: Dispatcher) {
  return async (events: Array<Envelope<OfferWithdrawnV1>>, ctx: HandlerContext): Promise<void> => {
    const stopped = await dispatcher.offersWithdrawn(events.map((e) => ({ offerId: e.data.offerId, withdrawnAt: e.data.withdrawnAt })));
    if (stopped > 0) ctx.log.info({ offers: events.length, stopped }, 'waiting alerts of withdrawn offers stopped');
  };
}
