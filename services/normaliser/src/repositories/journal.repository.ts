import type { Connection, Model } from 'mongoose';
import { fromJsonBytes, jsonBytes } from '@rr/kit';
import type { Offer } from '@rr/proto';
import type { ListingRecord } from '../domain/listing-record';
import type { OutgoingEvent } from '../domain/outgoing-event';
import { journalMarkModel, journalModel, type JournalDoc, type JournalMarkDoc, type JsonField } from './journal.model';

export type JournalBatch = { offers: Offer[]; listings: ListingRecord[]; events: OutgoingEvent[] };

export type JournalMarks = { head: number; published: number; projected: number };

/** The journal and its marks; nothing outside this file sees a document. */
export class JournalRepository {
  private readonly journal: Model<JournalDoc>;
  private readonly marks: Model<JournalMarkDoc>;

  constructor(connection: Connection) {
    this.journal = journalModel(connection);
    this.marks = journalMarkModel(connection);
  }

  async init(): Promise<void> {
    await this.journal.init();
  }

  /**
   * Takes sequence number `expected + 1`: true only if nobody took it since this instance last
   * looked. False means another instance wrote: catch up before deciding anything.
   */
  async claim(expected: number): Promise<boolean> {
    const result = await this.marks.updateOne({ _id: 'head', seq: expected }, { $set: { seq: expected + 1 } });
    return result.matchedCount === 1;
  }

  /** Writes a batch's state and events in one document (one insert: all or nothing). */
  async append(seq: number, batch: JournalBatch): Promise<void> {
    await this.journal.collection.insertOne(docOf(`b:${seq}`, seq, batch) as never);
  }

  async markPublished(seq: number): Promise<void> {
    await this.marks.updateOne({ _id: 'published', seq: { $lt: seq } }, { $set: { seq } });
  }

  async markProjected(seq: number): Promise<void> {
    await this.marks.updateOne({ _id: 'projected', seq: { $lt: seq } }, { $set: { seq } });
  }

  /** Every batch up to this sequence number is in the state collections (0 before the first). */
  async projectedSeq(): Promise<number> {
    const mark = await this.marks.findById('projected').lean<JournalMarkDoc>();
    return mark?.seq ?? 0;
  }

  /**
   * The marks, created on first start. A journal from before the projection has no `projected`
   * mark: `projected` is then -1, and `migrateSnapshot` must run first.
   */
  async readMarks(): Promise<JournalMarks> {
    const existing = await this.marks.find({}).lean<JournalMarkDoc[]>();
    const of = (id: JournalMarkDoc['_id']) => existing.find((m) => m._id === id)?.seq;
    const fresh = existing.length === 0;
    await this.marks.bulkWrite([
      { updateOne: { filter: { _id: 'head' }, update: { $setOnInsert: { seq: 0 } }, upsert: true } },
      { updateOne: { filter: { _id: 'published' }, update: { $setOnInsert: { seq: 0 } }, upsert: true } },
      ...(fresh ? [{ updateOne: { filter: { _id: 'projected' as const }, update: { $setOnInsert: { seq: 0 } }, upsert: true } }] : []),
    ], { ordered: false });
    return { head: of('head') ?? 0, published: of('published') ?? 0, projected: fresh ? 0 : of('projected') ?? -1 };
  }

  /** Batches after `seq`, oldest first, one at a time (a long backlog is never held whole). */
  async *batchesAfter(seq: number): AsyncGenerator<{ seq: number; batch: JournalBatch }> {
    for await (const doc of this.journal.find({ seq: { $gt: seq } }).sort({ seq: 1 }).lean<JournalDoc>().cursor({ batchSize: 20 })) {
      const d = doc as JournalDoc;
      if (d.kind === 'batch') yield { seq: d.seq, batch: { offers: parsed(d.offers), listings: parsed(d.listings), events: eventsOf(d) } };
    }
  }

  /** Batches both projected and published are history: they go. */
  async deleteThrough(seq: number): Promise<void> {
    await this.journal.deleteMany({ seq: { $lte: seq } });
  }

  /**
   * A journal from before the projection: hands the newest complete snapshot to `apply` part by
   * part, then deletes the snapshots; the batches after it are projected by the caller.
   * Answers the snapshot's sequence number (0 without one).
   */
  async migrateSnapshot(apply: (state: { offers: Offer[]; listings: ListingRecord[] }) => Promise<void>): Promise<number> {
    const heads = await this.journal.find({ kind: 'snapshot', part: 0 }).lean<JournalDoc[]>();
    let base = 0;
    for (const head of heads.sort((a, b) => b.seq - a.seq)) {
      const parts = await this.journal.countDocuments({ kind: 'snapshot', seq: head.seq });
      if (parts === head.parts) {
        base = head.seq;
        break;
      }
    }
    if (base > 0) {
      for (let part = 0; ; part++) {
        const doc = await this.journal.findById(`s:${base}:${part}`).lean<JournalDoc>();
        if (!doc) break;
        await apply({ offers: parsed(doc.offers), listings: parsed(doc.listings) });
      }
    }
    await this.journal.deleteMany({ kind: 'snapshot' });
    return base;
  }
}

/** An event as journaled: an offer event names its offer, which the same document holds. */
type JournaledEvent = OutgoingEvent & { offerInDoc?: true };

function docOf(_id: string, seq: number, batch: JournalBatch): JournalDoc {
  return {
    _id, kind: 'batch', seq, part: 0, parts: 1, at: new Date().toISOString(),
    offers: jsonBytes(batch.offers),
    listings: jsonBytes(batch.listings),
    events: jsonBytes(journaledEvents(batch)),
  };
}

/** A JSON field of a journal document: binary data, or a string in journals from before. */
const parsed = <T>(field: JsonField): T => fromJsonBytes<T>(field);

/**
 * A batch's offer events carry the offer as the batch left it, which is the batch's own copy of
 * that offer: the journal stores it once (the events were half of every document's bytes).
 */
function journaledEvents(batch: JournalBatch): JournaledEvent[] {
  const held = new Set(batch.offers);
  return batch.events.map((event) => {
    if (!('offer' in event.data) || !event.data.offer || !held.has(event.data.offer)) return event;
    const { offer: _offer, ...rest } = event.data;
    return { ...event, data: rest, offerInDoc: true } as unknown as JournaledEvent;
  });
}

/** A batch document's events with their offers put back. */
function eventsOf(doc: JournalDoc): OutgoingEvent[] {
  const events = parsed<JournaledEvent[]>(doc.events);
  if (!events.some((e) => e.offerInDoc)) return events;
  const offers = new Map(parsed<Offer[]>(doc.offers).map((o) => [o.id, o]));
  return events.map(({ offerInDoc, ...e }) => (offerInDoc ? { ...e, data: { ...e.data, offer: offers.get(e.key)! } } as OutgoingEvent : e));
}
