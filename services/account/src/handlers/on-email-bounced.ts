import type { Envelope, EventData } from '@rr/proto';
import type { HandlerContext, HandlerResult, ProcessedEvents } from '@rr/kit';
import type { DailyStatsRepository } from '../admin/daily-stats.repository';
import type { AccountLifecycle } from '../users/account-lifecycle';

/**
 * Mail to an address cannot be delivered. A permanent bounce blocks the account (the spec's
 * blocked message) and disables its watchdogs; blocking twice changes nothing, so redelivery is safe.
 */
export function onEmailBounced(lifecycle: AccountLifecycle, stats: DailyStatsRepository, processed: ProcessedEvents) {
  return async (event: Envelope<EventData<'email.bounced'>>, ctx: HandlerContext): Promise<HandlerResult> => {
    if (!event.data.permanent) return 'skipped';
    const email = event.data.email.trim().toLowerCase();
    if (await processed.has(event.id)) return 'skipped';
    const result = await lifecycle.block(email, event.data.reason.slice(0, 500), { correlationId: event.correlationId });
    await stats.bump('bounces', new Date(event.occurredAt));
    await processed.mark(event.id);
    ctx.log.info({ userId: result.userId, disabled: result.disabled }, 'address blocked after a permanent bounce');
    return 'processed';
  };
}
