import { z } from 'zod';
import { Portal } from '../domain/enums';
import { RawListing } from '../domain/raw-listing';

/** A crawler fetched a listing that is new or changed on its portal. Key: `<portal>:<listingId>`. */
export const ListingFetchedV1 = z.object({
  listing: RawListing,
  fetchedAt: z.string().datetime(),
});
export type ListingFetchedV1 = z.infer<typeof ListingFetchedV1>;

/** A listing the portal no longer shows. Key: `<portal>:<listingId>`. */
export const ListingWithdrawnV1 = z.object({
  portal: Portal,
  listingId: z.string().min(1),
  detectedAt: z.string().datetime(),
});
export type ListingWithdrawnV1 = z.infer<typeof ListingWithdrawnV1>;

/**
 * Crawl work for one portal. The topic has one partition per portal, so the consumer group's
 * assignment decides which crawler instance owns which portal. Key: the portal.
 */
export const CrawlRequestedV1 = z.object({
  portal: Portal,
  requestedAt: z.string().datetime(),
});
export type CrawlRequestedV1 = z.infer<typeof CrawlRequestedV1>;
