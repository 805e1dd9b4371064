import { Schema, type Connection, type Model } from 'mongoose';

/**
 * The normaliser's write-ahead journal. A `batch` document holds everything one batch changed
 * (offers and listings as they now are) and the offer events it decided, the outbox: one insert
 * writes state and events together, atomically, on FerretDB and MongoDB alike. The state is then
 * projected into `offers`, `listings` and `dedupe_keys` (offer-store.model.ts), and the events are
 * relayed to Kafka; batches both projected and published are deleted. (`snapshot` parts are from
 * journals before the projection: the first start after it projects and removes them.) Bodies are
 * JSON in binary data (strings in older journals): FerretDB converts every nested field it writes
 * or scans; one binary field costs next to nothing.
 */
/** JSON as written (`jsonBytes` from @rr/kit; a string in journals from before), as read back (Binary or Buffer). */
export type JsonField = string | Buffer | { buffer: Uint8Array };

export type JournalDoc = {
  /** `b:<seq>` for batches, `s:<seq>:<part>` for old snapshot parts. */
  _id: string;
  kind: 'batch' | 'snapshot';
  seq: number;
  part: number;
  parts: number;
  at: string;
  /** JSON `Offer[]`. */
  offers: JsonField;
  /** JSON `ListingRecord[]`. */
  listings: JsonField;
  /** JSON `OutgoingEvent[]` (batches only). */
  events: JsonField;
};

/**
 * `head`: the last sequence number taken; a writer takes the next one with a conditional update,
 * so a second instance working on stale state finds out before it writes. `published`: the
 * outbox is published up to here. `projected`: the state collections hold every batch up to here.
 */
export type JournalMarkDoc = { _id: 'head' | 'published' | 'projected'; seq: number };

const journalSchema = new Schema<JournalDoc>({ _id: String, kind: String, seq: Number }, { strict: false, versionKey: false, collection: 'journal' });
journalSchema.index({ seq: 1 });
// Old snapshot parts, looked for at start.
journalSchema.index({ kind: 1, part: 1 });
const markSchema = new Schema<JournalMarkDoc>({ _id: String, seq: Number }, { versionKey: false, collection: 'journal_marks' });

export function journalModel(connection: Connection): Model<JournalDoc> {
  return (connection.models.Journal as Model<JournalDoc>) ?? connection.model<JournalDoc>('Journal', journalSchema);
}

export function journalMarkModel(connection: Connection): Model<JournalMarkDoc> {
  return (connection.models.JournalMark as Model<JournalMarkDoc>) ?? connection.model<JournalMarkDoc>('JournalMark', markSchema);
}
