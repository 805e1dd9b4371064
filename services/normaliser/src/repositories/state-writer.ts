import { randomUUID } from 'node:crypto';
import type { Connection, Model } from 'mongoose';
import type { EventData, EventType, Offer } from '@rr/proto';
import { commitLogModel, type CommitRecordDoc } from './commit-log.model';
import { listingModel, type ListingDoc, type ListingRecord } from './listing.model';
import { offerModel, type OfferDoc } from './offer.model';
import { toOfferDoc } from './offer.repository';

export type OutgoingEvent<T extends EventType = EventType> = { type: T; key: string; data: EventData<T> };
export type Publish = (events: OutgoingEvent[]) => Promise<void>;

/**
 * Writes a batch's state and emits its events, crash-safely and in a handful of bulk commands:
 * commit record → delete + insert the changed documents → publish → drop the record.
 */
export class StateWriter {
  private readonly log: Model<CommitRecordDoc>;
  private readonly offers: Model<OfferDoc>;
  private readonly listings: Model<ListingDoc>;
  private seq = Date.now() * 1000;

  constructor(connection: Connection, private readonly publish: Publish) {
    this.log = commitLogModel(connection);
    this.offers = offerModel(connection);
    this.listings = listingModel(connection);
  }

  async init(): Promise<void> {
    await this.log.createIndexes();
  }

  async commit(batch: { offers: Offer[]; listings: ListingRecord[]; events: OutgoingEvent[] }): Promise<void> {
    if (batch.offers.length === 0 && batch.listings.length === 0 && batch.events.length === 0) return;
    const now = new Date().toISOString();
    const record: CommitRecordDoc = {
      _id: randomUUID(),
      seq: this.seq++,
      offers: batch.offers.map((o) => toOfferDoc(o, now)),
      listings: batch.listings.map(({ key, ...rest }) => ({ _id: key, ...rest })),
      events: batch.events,
      createdAt: new Date(),
    };
    await this.log.insertMany([record]);
    await this.apply(record);
  }

  /** Finishes batches an earlier run committed but did not complete; answers how many. */
  async recover(): Promise<number> {
    const pending = await this.log.find({}).sort({ seq: 1 }).lean<CommitRecordDoc[]>();
    for (const record of pending) await this.apply(record);
    return pending.length;
  }

  private async apply(record: CommitRecordDoc): Promise<void> {
    await Promise.all([replaceAll(this.offers, record.offers), replaceAll(this.listings, record.listings)]);
    await this.publish(record.events as OutgoingEvent[]);
    await this.log.deleteOne({ _id: record._id });
  }
}

/** Delete + insert: two commands for any number of documents (replaceOne is one command each). */
async function replaceAll<T extends { _id: string }>(model: Model<T>, docs: T[]): Promise<void> {
  if (docs.length === 0) return;
  await model.deleteMany({ _id: { $in: docs.map((d) => d._id) } } as never);
  await model.insertMany(docs as never[], { ordered: false, lean: true } as never);
}
