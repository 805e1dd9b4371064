import type { ServiceContext } from '@rr/kit';
import type { AnalyticsConfig } from './config';
import { onOfferEvent } from './handlers/on-offer-event.handler';
import { OfferFactRepository } from './repositories/offer-fact.repository';
import { PendingWithdrawalRepository } from './repositories/pending-withdrawal.repository';
import { PriceBucketRepository } from './repositories/price-bucket.repository';

/**
 * Keeps the offers' read model for reports and estimates. One consumer group reads the three
 * offer topics from the beginning the first time, so a new deployment builds its model from the
 * retained history.
 */
export async function startAnalytics({ bus, db }: ServiceContext<AnalyticsConfig>) {
  const facts = new OfferFactRepository(db!);
  const buckets = new PriceBucketRepository(db!);
  await bus.subscribe({
    group: 'analytics.on-offer-event',
    events: ['offer.published', 'offer.updated', 'offer.withdrawn'],
    fromBeginning: true,
    handle: onOfferEvent(facts, buckets, new PendingWithdrawalRepository(db!)),
  });
}
