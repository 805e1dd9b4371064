import type { Bus, Logger } from '@rr/kit';
import type { Delivery, DeliveryMode, DeliverySchedule, FilterView, Watchdog } from '@rr/proto';
import type { WatchdogRecord } from './watchdog.model';
import type { WatchdogRepository } from './watchdog.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What travels with a recipient: nothing for at once without quiet hours (the common case, and older states). */
export function deliveryOf(mode: DeliveryMode | undefined, schedule: DeliverySchedule | null | undefined): Delivery | undefined {
  if (!schedule || (mode !== 'digest' && !schedule.quietHours)) return undefined;
  return { mode: mode ?? 'instant', schedule };
}

export function toWatchdog(r: WatchdogRecord): Watchdog {
  return {
    id: r._id,
    userId: r.userId,
    email: r.email,
    locale: r.locale,
    ownerRole: r.ownerRole,
    adsConsent: r.adsConsent ?? false,
    name: r.name,
    criteria: r.criteria,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: iso(r.expiresAt),
    lastEmailAt: iso(r.lastEmailAt),
    sentCount: r.sentCount,
    ...(deliveryOf(r.deliveryMode, r.schedule) ? { delivery: deliveryOf(r.deliveryMode, r.schedule) } : {}),
    ...(r.members?.length ? { members: r.members } : {}),
  };
}

export function toFilterView(r: WatchdogRecord): FilterView {
  return {
    id: r._id,
    name: r.name,
    email: r.email,
    criteria: r.criteria,
    status: r.status,
    disabledReason: r.disabledReason,
    kept: Boolean(r.kept),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: iso(r.expiresAt),
    lastEmailAt: iso(r.lastEmailAt),
    sentCount: r.sentCount,
    deliveryMode: r.deliveryMode ?? 'instant',
    memberCount: r.members?.length ?? 0,
  };
}

/**
 * Publishes the full state of a watchdog after each write, keyed by its id on the compacted
 * topic. A failed publish does not fail the request: the record is flagged and the sweeper
 * retries, so the topic converges on the database.
 */
export class WatchdogPublisher {
  constructor(private readonly bus: Bus, private readonly repo: WatchdogRepository, private readonly log: Logger) {}

  async changed(record: WatchdogRecord, correlationId?: string): Promise<void> {
    try {
      await this.bus.publish('watchdog.changed', record._id, { watchdogId: record._id, watchdog: toWatchdog(record) }, { correlationId });
      if (record.unpublished) await this.repo.markUnpublished(record._id, false);
    } catch (err) {
      this.log.error({ err, watchdogId: record._id }, 'watchdog change not published; will retry');
      await this.repo.markUnpublished(record._id, true).catch(() => undefined);
    }
  }

  /** The tombstone. A failed one is retried by the caller's retry of the whole delete. */
  async deleted(watchdogId: string, correlationId?: string): Promise<void> {
    await this.bus.publish('watchdog.changed', watchdogId, { watchdogId, watchdog: null }, { correlationId });
  }
}
