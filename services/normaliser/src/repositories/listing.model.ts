import { Schema, type Connection, type Model } from 'mongoose';
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
  /**
   * What the portal showed, in short: the offer holds the details, and the crawler keeps the raw
   * pages. Small documents matter: FerretDB's cost grows with document size.
   */
  url: string;
  price: number | null;
  locality: string;
};

export type ListingDoc = Omit<ListingRecord, 'key'> & { _id: string };

const schema = new Schema<ListingDoc>({ _id: String }, { strict: false, versionKey: false, collection: 'listings' });
schema.index({ offerId: 1 });
schema.index({ flags: 1 });

export function listingModel(connection: Connection): Model<ListingDoc> {
  return (connection.models.Listing as Model<ListingDoc>) ?? connection.model<ListingDoc>('Listing', schema);
}
