import { z } from 'zod';
import { AlertSentV1, EmailBouncedV1, MatchFoundV1 } from './events/alert';
import { CrawlRequestedV1, ListingFetchedV1, ListingWithdrawnV1 } from './events/listing';
import { OfferPublishedV1, OfferRelistedV1, OfferUpdatedV1, OfferWithdrawnV1 } from './events/offer';
import { UserDeletedV1 } from './events/user';
import { InvoiceIssuedV1, PaymentChangedV1, SubscriptionChangedV1 } from './events/billing';
import { WatchdogChangedV1 } from './events/watchdog';
import { parseWatchdogChangedFast } from './events/watchdog-fast';
import { AdCampaignChangedV1, AdCreditPurchasedV1 } from './events/ads';
import { AdminActionRecordedV1 } from './events/admin';
import { BucketCountsChangedV1 } from './events/analytics';
import { PORTALS } from './domain/enums';

type EventDefinition = {
  /** `<entity>.<past-tense verb>` */
  type: string;
  version: number;
  schema: z.ZodTypeAny;
  partitions: number;
  /** `compact` for state (latest value per key wins), `delete` for facts that age out. */
  cleanup: 'delete' | 'compact';
  /** What the message key is, for readers of this file. */
  key: string;
};

/**
 * Every event of the system, one topic each (`<type>.v<version>`). This is the one registry of
 * topic names: services, scripts and tests read names from here and never write them out.
 */
export const EVENTS = {
  'crawl.requested': { type: 'crawl.requested', version: 1, schema: CrawlRequestedV1, partitions: PORTALS.length, cleanup: 'delete', key: 'portal' },
  // One partition: a single normaliser owns the offer state (cross-portal dedupe needs all of it),
  // and from one partition a busy period arrives as large batches, one journal write each.
  'listing.fetched': { type: 'listing.fetched', version: 1, schema: ListingFetchedV1, partitions: 1, cleanup: 'delete', key: 'portal:listingId' },
  'listing.withdrawn': { type: 'listing.withdrawn', version: 1, schema: ListingWithdrawnV1, partitions: 1, cleanup: 'delete', key: 'portal:listingId' },
  'offer.published': { type: 'offer.published', version: 1, schema: OfferPublishedV1, partitions: 6, cleanup: 'delete', key: 'offer id' },
  'offer.updated': { type: 'offer.updated', version: 1, schema: OfferUpdatedV1, partitions: 6, cleanup: 'delete', key: 'offer id' },
  'offer.withdrawn': { type: 'offer.withdrawn', version: 1, schema: OfferWithdrawnV1, partitions: 6, cleanup: 'delete', key: 'offer id' },
  'offer.relisted': { type: 'offer.relisted', version: 1, schema: OfferRelistedV1, partitions: 6, cleanup: 'delete', key: 'offer id' },
  'watchdog.changed': { type: 'watchdog.changed', version: 1, schema: WatchdogChangedV1, partitions: 6, cleanup: 'compact', key: 'watchdog id' },
  'match.found': { type: 'match.found', version: 1, schema: MatchFoundV1, partitions: 6, cleanup: 'delete', key: 'recipient e-mail (lower case)' },
  'alert.sent': { type: 'alert.sent', version: 1, schema: AlertSentV1, partitions: 3, cleanup: 'delete', key: 'recipient e-mail' },
  'email.bounced': { type: 'email.bounced', version: 1, schema: EmailBouncedV1, partitions: 1, cleanup: 'delete', key: 'e-mail' },
  'user.deleted': { type: 'user.deleted', version: 1, schema: UserDeletedV1, partitions: 1, cleanup: 'delete', key: 'user id' },
  'payment.changed': { type: 'payment.changed', version: 1, schema: PaymentChangedV1, partitions: 3, cleanup: 'delete', key: 'payment id' },
  // Full state per user: compacted, so a consumer that starts over reads each user's latest subscription.
  'subscription.changed': { type: 'subscription.changed', version: 1, schema: SubscriptionChangedV1, partitions: 3, cleanup: 'compact', key: 'user id' },
  'invoice.issued': { type: 'invoice.issued', version: 1, schema: InvoiceIssuedV1, partitions: 3, cleanup: 'delete', key: 'user id' },
  'ad-credit.purchased': { type: 'ad-credit.purchased', version: 1, schema: AdCreditPurchasedV1, partitions: 1, cleanup: 'delete', key: 'user id' },
  // Review and run state per campaign: compacted, so a reader that starts over sees each campaign's latest.
  'ad-campaign.changed': { type: 'ad-campaign.changed', version: 1, schema: AdCampaignChangedV1, partitions: 1, cleanup: 'compact', key: 'campaign id' },
  // Admin actions of services other than the account service, for the account's audit log.
  'admin-action.recorded': { type: 'admin-action.recorded', version: 1, schema: AdminActionRecordedV1, partitions: 1, cleanup: 'delete', key: 'target id' },
  // One partition: every analytics instance reads all of it, in the order written.
  'bucket-counts.changed': { type: 'bucket-counts.changed', version: 1, schema: BucketCountsChangedV1, partitions: 1, cleanup: 'delete', key: 'writing instance' },
} as const satisfies Record<string, EventDefinition>;

export type EventType = keyof typeof EVENTS;
export type EventData<T extends EventType> = z.infer<(typeof EVENTS)[T]['schema']>;

/**
 * Hand-written parsers that answer exactly what their event's schema answers (each held to it by a
 * differential test), for events read in bulk: the matcher replays a million `watchdog.changed`
 * at start, and the zod parse was most of that time.
 */
const FAST_PARSERS: { [T in EventType]?: (data: unknown) => EventData<T> | undefined } = { 'watchdog.changed': parseWatchdogChangedFast };

/**
 * An event's data through its schema: by the fast parser where there is one, and through zod
 * where there is none or it refuses (zod then says why, and has the last word).
 */
export function parseEventData<T extends EventType>(type: T, data: unknown): z.SafeParseReturnType<unknown, EventData<T>> {
  const fast = FAST_PARSERS[type]?.(data);
  if (fast !== undefined) return { success: true, data: fast };
  return EVENTS[type].schema.safeParse(data) as z.SafeParseReturnType<unknown, EventData<T>>;
}

export const topicOf = (type: EventType) => `${type}.v${EVENTS[type].version}`;
export const dlqTopicOf = (topic: string) => `${topic}.dlq`;

export type TopicSpec = { name: string; partitions: number; cleanup: 'delete' | 'compact' };

/** Every topic to create, dead-letter topics included. */
export function allTopics(): TopicSpec[] {
  return (Object.keys(EVENTS) as EventType[]).flatMap((type) => {
    const name = topicOf(type);
    const { partitions, cleanup } = EVENTS[type];
    return [
      { name, partitions, cleanup },
      { name: dlqTopicOf(name), partitions: 1, cleanup: 'delete' as const },
    ];
  });
}
