import type { Envelope, EventData } from '@rr/proto';
import type { HandlerContext, HandlerResult } from '@rr/kit';
import type { AccountLifecycle } from '../users/account-lifecycle';
import type { UserRepository } from '../users/user.repository';

/**
 * Billing changed a subscription: the user's role and `roleExpiresAt` follow it (the next session
 * token carries them). Idempotent by the event's revision: a redelivered or older state changes nothing.
 */
export function onSubscriptionChanged(users: UserRepository, lifecycle: AccountLifecycle) {
  return async (event: Envelope<EventData<'subscription.changed'>>, ctx: HandlerContext): Promise<HandlerResult> => {
    const { userId, role, roleExpiresAt, revision } = event.data;
    const user = await users.findById(userId);
    if (!user) return 'skipped';
    const result = await lifecycle.applySubscription(user, { role, roleExpiresAt: roleExpiresAt ? new Date(roleExpiresAt) : null, revision }, { correlationId: event.correlationId });
    if (result === 'processed') ctx.log.info({ userId, role, roleExpiresAt, revision }, 'role set from subscription');
    return result;
  };
}
