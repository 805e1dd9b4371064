import type { Portal } from '@rr/proto';

/** One portal listing as last seen, and the offer (property) it belongs to. */
export type ListingRecord = {
  /** `<portal>:<listingId>`, the Kafka key of its events too. */
  key: string;
  portal: Portal;
  listingId: string;
  offerId: string;
  fingerprint: string;
  active: boolean;
  firstSeenAt: string;
  lastSeenAt: string;
  withdrawnAt: string | null;
  /** `location-unresolved`: kept and published, but no place could be found for it. */
  flags: string[];
  /** What the portal showed, in short: the offer holds the details, and the crawler keeps the raw pages. */
  url: string;
  price: number | null;
  locality: string;
};
