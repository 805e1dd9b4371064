import { CoalescingPublisher, type Bus } from '@rr/kit';
import type { ListingFetchedV1, ListingWithdrawnV1, Portal } from '@rr/proto';
import type { ListingOrigin } from './crawl-portal';

/**
 * The crawler's one way onto Kafka for what it learns of listings, keyed `portal:listingId` so
 * every event of one listing stays in order on one partition. Fetched listings leave one by one
 * as they are parsed; those that arrive while a send is in flight, from any portal, ride
 * together in the next one.
 */
export class ListingEvents {
  private readonly fetchedOut: CoalescingPublisher<{ data: ListingFetchedV1; origin?: ListingOrigin }>;

  constructor(private readonly bus: Bus) {
    this.fetchedOut = new CoalescingPublisher((items) =>
      bus.publishMany('listing.fetched', items.map(({ data, origin }) => ({ key: `${data.listing.portal}:${data.listing.listingId}`, data, ...origin }))));
  }

  /** Settles once the listing is on Kafka. */
  fetched(data: ListingFetchedV1, origin?: ListingOrigin): Promise<void> {
    return this.fetchedOut.add({ data, origin });
  }

  async withdrawn(portal: Portal, items: ListingWithdrawnV1[]): Promise<void> {
    await this.bus.publishMany('listing.withdrawn', items.map((data) => ({ key: `${portal}:${data.listingId}`, data })));
  }
}
