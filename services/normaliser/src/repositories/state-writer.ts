import type { Connection, Model } from 'mongoose';
import type { EventData, EventType, Offer } from '@rr/proto';
import { listingModel, type ListingDoc, type ListingRecord } from './listing.model';
import { offerModel, type OfferDoc } from './offer.model';
import { toOfferDoc } from './offer.repository';

export type OutgoingEvent<T extends EventType = EventType> = { type: T; key: string; data: EventData<T> };

/**
 * Writes a batch's offers and listings in bulk: new documents with one `insertMany`, changed ones
 * with one `deleteMany` + one `insertMany` per collection. FerretDB (SQLite) has no transactions
 * and runs `replaceOne` as one command per document (~10 ms each), which no batch can afford.
 */
export class StateWriter {
  private readonly offers: Model<OfferDoc>;
  private readonly listings: Model<ListingDoc>;

  constructor(connection: Connection) {
    this.offers = offerModel(connection);
    this.listings = listingModel(connection);
  }

  /** Answers the milliseconds spent on offers and on listings. */
  async write(batch: { offers: Offer[]; listings: ListingRecord[]; isNewOffer: (id: string) => boolean; isNewListing: (key: string) => boolean }): Promise<{ offersMs: number; listingsMs: number }> {
    const now = new Date().toISOString();
    const offerDocs = batch.offers.map((o) => toOfferDoc(o, now));
    const listingDocs: ListingDoc[] = batch.listings.map(({ key, ...rest }) => ({ _id: key, ...rest }));
    const t0 = Date.now();
    await upsertAll(this.offers, offerDocs, (d) => batch.isNewOffer(d._id));
    const t1 = Date.now();
    await upsertAll(this.listings, listingDocs, (d) => batch.isNewListing(d._id));
    return { offersMs: t1 - t0, listingsMs: Date.now() - t1 };
  }
}

/**
 * FerretDB answers `_id` equality from its primary key but `$in` by scanning the collection: a
 * few changed documents are deleted one by one, many with one scan.
 */
const DELETE_ONE_BY_ONE = 24;

async function upsertAll<T extends { _id: string }>(model: Model<T>, docs: T[], isNew: (doc: T) => boolean): Promise<void> {
  if (docs.length === 0) return;
  const changed = docs.filter((d) => !isNew(d)).map((d) => d._id);
  if (changed.length > DELETE_ONE_BY_ONE) await model.deleteMany({ _id: { $in: changed } } as never);
  else await Promise.all(changed.map((id) => model.deleteOne({ _id: id } as never)));
  // A retried batch may find some "new" documents already written: those are deleted and inserted again.
  try {
    await model.insertMany(docs as never[], { ordered: false, lean: true } as never);
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    await model.deleteMany({ _id: { $in: docs.map((d) => d._id) } } as never);
    await model.insertMany(docs as never[], { ordered: false, lean: true } as never);
  }
}
