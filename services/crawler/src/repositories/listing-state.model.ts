import { Schema, type Connection, type Model } from 'mongoose';

/**
 * What the crawler knows of a portal's listings (url, fingerprint, status: enough to tell new,
 * changed and gone), kept as a journal: one `changes` document per saved page, and now and then
 * a `snapshot` (in `parts`) of every known listing, after which the documents it covers are
 * deleted. Inserts are what FerretDB (SQLite) does cheaply; every update or delete scans the
 * whole collection, even by `_id`, so one upsert per listing cost more than crawling it.
 * Entries are a JSON string of `[listingId, url, fingerprint, status]` tuples: FerretDB converts
 * every nested field it writes or reads, a string costs next to nothing.
 */
export type ListingJournalDoc = {
  /** `<portal>:<seq>` or `<portal>:<seq>:s<part>`. */
  _id: string;
  portal: string;
  kind: 'changes' | 'snapshot';
  /** The portal's `stateVersion` when written: replay order. */
  seq: number;
  part: number;
  parts: number;
  at: Date;
  entries: string;
};

const schema = new Schema<ListingJournalDoc>({ _id: String, portal: String, seq: Number }, { strict: false, versionKey: false, collection: 'listing_journal' });
// A portal's journal is read and compacted by portal (and sequence): never a scan of every portal's.
schema.index({ portal: 1, seq: 1 });

export const listingJournalModel = (connection: Connection): Model<ListingJournalDoc> =>
  (connection.models.ListingJournal as Model<ListingJournalDoc>) ?? connection.model<ListingJournalDoc>('ListingJournal', schema);
