import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The normaliser's state on disk is a journal. A `batch` document holds everything one batch
 * changed (offers and listings as they now are) and the offer events it decided, the outbox: one
 * insert writes state and events together, atomically, on FerretDB and MongoDB alike. A
 * `snapshot` (split in `parts`) holds the whole state as of `seq`; compaction writes one and
 * deletes what it covers. Bodies are JSON strings: FerretDB (SQLite) converts every nested field
 * it writes or scans, a string costs next to nothing.
 */
export type JournalDoc = {
  /** `b:<seq>` for batches, `s:<seq>:<part>` for snapshot parts. */
  _id: string;
  kind: 'batch' | 'snapshot';
  seq: number;
  part: number;
  parts: number;
  at: string;
  /** JSON `Offer[]`. */
  offers: string;
  /** JSON `ListingRecord[]`. */
  listings: string;
  /** JSON `OutgoingEvent[]` (batches only). */
  events: string;
};

/**
 * `head`: the last sequence number taken; a writer takes the next one with a conditional update,
 * so a second instance working on stale state finds out before it writes. `published`: the
 * outbox is published up to here. Two documents: updating them is cheap, whereas FerretDB scans
 * a whole collection for every update or delete, even by `_id`.
 */
export type JournalMarkDoc = { _id: 'head' | 'published'; seq: number };

const journalSchema = new Schema<JournalDoc>({ _id: String }, { strict: false, versionKey: false, collection: 'journal' });
const markSchema = new Schema<JournalMarkDoc>({ _id: String, seq: Number }, { versionKey: false, collection: 'journal_marks' });

export function journalModel(connection: Connection): Model<JournalDoc> {
  return (connection.models.Journal as Model<JournalDoc>) ?? connection.model<JournalDoc>('Journal', journalSchema);
}

export function journalMarkModel(connection: Connection): Model<JournalMarkDoc> {
  return (connection.models.JournalMark as Model<JournalMarkDoc>) ?? connection.model<JournalMarkDoc>('JournalMark', markSchema);
}
