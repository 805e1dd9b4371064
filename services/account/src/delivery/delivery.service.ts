import { AppError } from '@rr/kit';
import { DEFAULT_DIGEST_TIMES, PRAGUE_TIME_ZONE, entitlementsOf, nextDigestAt, type DeliverySchedule, type DeliverySettingsView } from '@rr/proto';
import { effectiveRole } from '../auth/session-token';
import type { AccountDeps } from '../deps';
import type { RequestContext } from '../http/request-context';
import type { UserRecord } from '../users/user.model';
import { validateSchedule } from './delivery-validation';

type Ctx = Pick<RequestContext, 'correlationId'>;

/** A person's schedule (their profile's time zone, digest times, quiet hours); null for anonymous owners. */
export function scheduleOf(user: Pick<UserRecord, 'timezone' | 'deliverySchedule'> | null): DeliverySchedule | null {
  if (!user) return null;
  return {
    timeZone: user.timezone || PRAGUE_TIME_ZONE,
    digestTimes: user.deliverySchedule?.digestTimes?.length ? user.deliverySchedule.digestTimes : DEFAULT_DIGEST_TIMES,
    quietHours: user.deliverySchedule?.quietHours ?? null,
  };
}

export const mayScheduleDelivery = (role: number) => entitlementsOf(role).scheduledDelivery;

/**
 * The person's delivery schedule (docs/decisions.md, "Delivery"): one per person, carried on every
 * watchdog they own and every shared one they receive, so a change republishes those states.
 */
export class DeliveryService {
  constructor(
    private readonly deps: AccountDeps,
    /** Republishes the shared watchdogs a person receives (their schedule travels with them). */
    private readonly refreshMemberships: (email: string, ctx: Ctx) => Promise<void>,
  ) {}

  view(user: UserRecord, now = Date.now()): DeliverySettingsView {
    const schedule = scheduleOf(user)!;
    const first = nextDigestAt(now, schedule);
    return { schedule, allowed: mayScheduleDelivery(effectiveRole(user)), nextDigests: [first, nextDigestAt(first, schedule)].map((t) => new Date(t).toISOString()) };
  }

  async set(user: UserRecord, body: Record<string, unknown>, ctx: RequestContext): Promise<DeliverySettingsView & { message: string }> {
    if (!mayScheduleDelivery(effectiveRole(user))) throw new AppError('FEATURE_NOT_IN_PLAN', ctx.tr('deliveryNotInPlan'));
    const schedule = validateSchedule(body, ctx.tr);
    const updated = (await this.deps.users.update(user._id, {
      timezone: schedule.timeZone, deliverySchedule: { digestTimes: schedule.digestTimes, quietHours: schedule.quietHours },
    })) ?? user;
    await this.republish(updated, ctx);
    return { ...this.view(updated), message: ctx.tr('deliverySaved') };
  }

  /** Every watchdog the person owns and receives carries the new schedule. */
  async republish(user: UserRecord, ctx: Ctx): Promise<void> {
    const schedule = scheduleOf(user);
    for (const w of await this.deps.watchdogs.find({ userId: user._id })) {
      const changed = await this.deps.watchdogs.update(w._id, { schedule });
      if (changed) await this.deps.publisher.changed(changed, ctx.correlationId);
    }
    await this.refreshMemberships(user.email, ctx);
  }
}
