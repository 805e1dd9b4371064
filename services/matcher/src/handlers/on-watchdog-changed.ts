import type { Envelope, WatchdogChangedV1 } from '@rr/proto';
import type { HandlerContext } from '@rr/kit';
import type { ReplayProgress } from '../domain/replay-progress';
import type { WatchdogRegistry } from '../domain/watchdog-registry';

/** Applies watchdog states in topic order; the latest state of each wins. */
export function onWatchdogChanged(registry: WatchdogRegistry, progress: () => ReplayProgress | null) {
  return async (events: Array<Envelope<WatchdogChangedV1>>, ctx: HandlerContext): Promise<void> => {
    for (const event of events) registry.apply(event.data.watchdogId, event.data.watchdog);
    progress()?.record(ctx.partition, ctx.offset);
  };
}
