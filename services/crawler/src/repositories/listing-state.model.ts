import { Schema, type Connection, type Model } from 'mongoose';
import type { ListingStatus } from '../crawl/crawl-portal';

/** What the crawler knows of one portal listing: enough to tell new, changed and gone. `_id` is `<portal>:<listingId>`. */
export type ListingStateDoc = {
  _id: string;
  portal: string;
  listingId: string;
  url: string;
  fingerprint: string;
  status: ListingStatus;
  firstSeenAt: Date;
  updatedAt: Date;
};

const schema = new Schema<ListingStateDoc>(
  {
    _id: String,
    portal: { type: String, required: true },
    listingId: { type: String, required: true },
    url: { type: String, required: true },
    fingerprint: { type: String, required: true },
    status: { type: String, required: true },
    firstSeenAt: Date,
    updatedAt: Date,
  },
  { versionKey: false },
);
// Loading a portal's known listings at the start of a crawl.
schema.index({ portal: 1, status: 1 });

export const listingStateModel = (connection: Connection): Model<ListingStateDoc> =>
  connection.models.ListingState ?? connection.model<ListingStateDoc>('ListingState', schema, 'listing_states');
