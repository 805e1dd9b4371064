import { Schema, type Connection, type Model } from 'mongoose';
import type { EventType } from '@rr/proto';
import type { ListingDoc } from './listing.model';
import type { OfferDoc } from './offer.model';

/**
 * One batch's outcome, written in a single insert before anything else: the new versions of the
 * offers and listings it changed and the events it emits. It is the commit point: a crash after
 * it is finished by replaying the record (rewrite documents, publish events) — FerretDB has no
 * transactions, and replacing documents one by one is slow there.
 */
export type CommitRecordDoc = {
  _id: string;
  seq: number;
  offers: OfferDoc[];
  listings: ListingDoc[];
  events: Array<{ type: EventType; key: string; data: unknown }>;
  createdAt: Date;
};

const schema = new Schema<CommitRecordDoc>({ _id: String }, { strict: false, versionKey: false, collection: 'commit_log' });
schema.index({ seq: 1 });

export function commitLogModel(connection: Connection): Model<CommitRecordDoc> {
  return (connection.models.CommitRecord as Model<CommitRecordDoc>) ?? connection.model<CommitRecordDoc>('CommitRecord', schema);
}
