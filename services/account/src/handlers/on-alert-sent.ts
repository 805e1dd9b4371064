import type { Envelope, EventData } from '@rr/proto';
import type { HandlerContext, HandlerResult, ProcessedEvents } from '@rr/kit';
import type { DailyStatsRepository } from '../admin/daily-stats.repository';
import type { WatchdogPublisher } from '../watchdogs/watchdog.publisher';
import type { WatchdogRepository } from '../watchdogs/watchdog.repository';

/** An alert went out: each watchdog in it gets its last e-mail time and one more sent e-mail;
 * the day's alert counter (admin overview) goes up by one. */
export function onAlertSent(watchdogs: WatchdogRepository, publisher: WatchdogPublisher, stats: DailyStatsRepository, processed: ProcessedEvents) {
  return async (event: Envelope<EventData<'alert.sent'>>, ctx: HandlerContext): Promise<HandlerResult> => {
    if (await processed.has(event.id)) return 'skipped';
    const sentAt = new Date(event.data.sentAt);
    for (const id of new Set(event.data.watchdogIds)) {
      const updated = await watchdogs.recordAlert(id, sentAt);
      if (updated) await publisher.changed(updated, event.correlationId);
      else ctx.log.debug({ watchdogId: id }, 'alert for a watchdog that no longer exists');
    }
    await stats.bump('alerts', sentAt);
    await processed.mark(event.id);
    return 'processed';
  };
}
