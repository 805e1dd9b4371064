import type { Connection, Model } from 'mongoose';
import type { Offer } from '@rr/proto';
import type { ListingRecord } from '../domain/listing-record';
import type { OutgoingEvent } from '../domain/outgoing-event';
import { journalMarkModel, journalModel, type JournalDoc, type JournalMarkDoc } from './journal.model';

export type JournalBatch = { offers: Offer[]; listings: ListingRecord[]; events: OutgoingEvent[] };

export type LoadedJournal = {
  offers: Map<string, Offer>;
  listings: Map<string, ListingRecord>;
  /** The last sequence number taken (`head`), the next batch takes the one after. */
  seq: number;
  /** Batches whose events may not have gone out yet, oldest first. */
  unpublished: Array<{ seq: number; events: OutgoingEvent[] }>;
  /** Bytes of batches after the snapshot, and of the snapshot: compaction compares them. */
  journalBytes: number;
  snapshotBytes: number;
};

/** Snapshot parts stay well under the 16 MB document limit. */
const OFFERS_PER_PART = 2_000;
const LISTINGS_PER_PART = 5_000;

/** The journal and its marks; nothing outside this file sees a document. */
export class JournalRepository {
  private readonly journal: Model<JournalDoc>;
  private readonly marks: Model<JournalMarkDoc>;

  constructor(connection: Connection) {
    this.journal = journalModel(connection);
    this.marks = journalMarkModel(connection);
  }

  /**
   * Takes sequence number `expected + 1`: true only if nobody took it since this instance last
   * looked. False means another instance wrote: reload before deciding anything.
   */
  async claim(expected: number): Promise<boolean> {
    const result = await this.marks.updateOne({ _id: 'head', seq: expected }, { $set: { seq: expected + 1 } });
    return result.matchedCount === 1;
  }

  /** Writes a batch's state and events in one document (one insert: all or nothing). Answers its size. */
  async append(seq: number, batch: JournalBatch): Promise<number> {
    const doc = docOf(`b:${seq}`, 'batch', seq, 0, 1, batch);
    await this.journal.collection.insertOne(doc as never);
    return sizeOf(doc);
  }

  async markPublished(seq: number): Promise<void> {
    await this.marks.updateOne({ _id: 'published', seq: { $lt: seq } }, { $set: { seq } });
  }

  /**
   * Writes the whole state as of `seq`, then deletes the batches and older snapshots it covers.
   * A crash in between leaves both, and loading prefers the newest complete snapshot. Only call
   * it once every batch up to `seq` is published: their events go with them.
   */
  async snapshot(seq: number, offers: Offer[], listings: ListingRecord[]): Promise<number> {
    const parts = Math.max(1, Math.ceil(offers.length / OFFERS_PER_PART), Math.ceil(listings.length / LISTINGS_PER_PART));
    const docs = Array.from({ length: parts }, (_, part) =>
      docOf(`s:${seq}:${part}`, 'snapshot', seq, part, parts, {
        offers: offers.slice(part * OFFERS_PER_PART, (part + 1) * OFFERS_PER_PART),
        listings: listings.slice(part * LISTINGS_PER_PART, (part + 1) * LISTINGS_PER_PART),
        events: [],
      }));
    await this.journal.collection.insertMany(docs as never[], { ordered: true });
    await this.journal.deleteMany({ $or: [{ kind: 'batch', seq: { $lte: seq } }, { kind: 'snapshot', seq: { $lt: seq } }] });
    return docs.reduce((s, d) => s + sizeOf(d), 0);
  }

  /** The state: the newest complete snapshot, then every later batch in order. */
  async load(): Promise<LoadedJournal> {
    const docs: JournalDoc[] = [];
    for await (const doc of this.journal.find({}).lean<JournalDoc>().cursor({ batchSize: 20 })) docs.push(doc as JournalDoc);
    const marks = await this.marks.find({}).lean<JournalMarkDoc[]>();
    const published = marks.find((m) => m._id === 'published')?.seq ?? 0;

    const snapshots = new Map<number, JournalDoc[]>();
    for (const d of docs) if (d.kind === 'snapshot') snapshots.set(d.seq, [...(snapshots.get(d.seq) ?? []), d]);
    const complete = [...snapshots.entries()].filter(([, parts]) => parts.length === parts[0].parts).map(([seq]) => seq);
    const base = complete.length > 0 ? Math.max(...complete) : 0;
    const batches = docs.filter((d) => d.kind === 'batch' && d.seq > base).sort((a, b) => a.seq - b.seq);

    const state: LoadedJournal = { offers: new Map(), listings: new Map(), seq: base, unpublished: [], journalBytes: 0, snapshotBytes: 0 };
    const apply = (d: JournalDoc) => {
      for (const o of JSON.parse(d.offers) as Offer[]) state.offers.set(o.id, o);
      for (const r of JSON.parse(d.listings) as ListingRecord[]) state.listings.set(r.key, r);
    };
    for (const part of (snapshots.get(base) ?? []).sort((a, b) => a.part - b.part)) {
      apply(part);
      state.snapshotBytes += sizeOf(part);
    }
    for (const b of batches) {
      apply(b);
      state.journalBytes += sizeOf(b);
      state.seq = b.seq;
      if (b.seq > published) state.unpublished.push({ seq: b.seq, events: eventsOf(b) });
    }
    state.seq = await this.ensureMarks(state.seq);
    return state;
  }

  /** Creates the marks on first start; a head ahead of the journal (a crash after a claim) wins. */
  private async ensureMarks(seq: number): Promise<number> {
    await this.marks.bulkWrite([
      { updateOne: { filter: { _id: 'head' }, update: { $setOnInsert: { seq } }, upsert: true } },
      { updateOne: { filter: { _id: 'published' }, update: { $setOnInsert: { seq: 0 } }, upsert: true } },
    ], { ordered: false });
    const head = await this.marks.findById('head').lean<JournalMarkDoc>();
    return Math.max(seq, head?.seq ?? 0);
  }
}

/** An event as journaled: an offer event names its offer, which the same document holds. */
type JournaledEvent = OutgoingEvent & { offerInDoc?: true };

function docOf(_id: string, kind: JournalDoc['kind'], seq: number, part: number, parts: number, batch: JournalBatch): JournalDoc {
  return {
    _id, kind, seq, part, parts, at: new Date().toISOString(),
    offers: JSON.stringify(batch.offers),
    listings: JSON.stringify(batch.listings),
    events: JSON.stringify(journaledEvents(batch)),
  };
}

/**
 * A batch's offer events carry the offer as the batch left it, which is the batch's own copy of
 * that offer: the journal stores it once (the events were half of every document's bytes).
 */
function journaledEvents(batch: JournalBatch): JournaledEvent[] {
  const held = new Set(batch.offers);
  return batch.events.map((event) => {
    if (!('offer' in event.data) || !held.has(event.data.offer)) return event;
    const { offer: _offer, ...rest } = event.data;
    return { ...event, data: rest, offerInDoc: true } as unknown as JournaledEvent;
  });
}

/** A batch document's events with their offers put back. */
function eventsOf(doc: JournalDoc): OutgoingEvent[] {
  const events = JSON.parse(doc.events) as JournaledEvent[];
  if (!events.some((e) => e.offerInDoc)) return events;
  const offers = new Map((JSON.parse(doc.offers) as Offer[]).map((o) => [o.id, o]));
  return events.map(({ offerInDoc, ...e }) => (offerInDoc ? { ...e, data: { ...e.data, offer: offers.get(e.key)! } } as OutgoingEvent : e));
}

const sizeOf = (d: JournalDoc) => d.offers.length + d.listings.length + d.events.length;
