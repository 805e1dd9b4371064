import type { Connection, Model } from 'mongoose';
import type { Portal } from '@rr/proto';
import type { KnownListing, ListingChange, ListingStatus, ParseFailure } from '../crawl/crawl-portal';
import { listingJournalModel, type ListingJournalDoc } from './listing-state.model';
import { parseFailureModel, type ParseFailureDoc } from './parse-failure.model';

type Entry = [listingId: string, url: string, fingerprint: string, status: ListingStatus];

/** Snapshot parts stay far below the 16 MB document limit (~150 bytes an entry). */
const ENTRIES_PER_PART = 20_000;
const FAILURES_KEPT_MS = 7 * 24 * 3600 * 1000;

export type KnownState = { known: Map<string, KnownListing>; journalDocs: number };

/** Listing states (a journal per portal) and parse failures; nothing outside this file sees a document. */
export class ListingStateRepository {
  private readonly journal: Model<ListingJournalDoc>;
  private readonly failures: Model<ParseFailureDoc>;

  constructor(connection: Connection) {
    this.journal = listingJournalModel(connection);
    this.failures = parseFailureModel(connection);
  }

  /** Every listing of the portal that is not withdrawn: the newest complete snapshot, then later pages in order. */
  async loadKnown(portal: Portal): Promise<KnownState> {
    const docs: ListingJournalDoc[] = [];
    for await (const doc of this.journal.find({ portal }).lean<ListingJournalDoc>().cursor({ batchSize: 200 })) docs.push(doc as ListingJournalDoc);
    const snapshots = new Map<number, ListingJournalDoc[]>();
    for (const d of docs) if (d.kind === 'snapshot') snapshots.set(d.seq, [...(snapshots.get(d.seq) ?? []), d]);
    const complete = [...snapshots.entries()].filter(([, parts]) => parts.length === parts[0].parts).map(([seq]) => seq);
    const base = complete.length > 0 ? Math.max(...complete) : -1;
    const changes = docs.filter((d) => d.kind === 'changes' && d.seq > base).sort((a, b) => a.seq - b.seq);

    const known = new Map<string, KnownListing>();
    for (const d of [...(snapshots.get(base) ?? []), ...changes]) {
      for (const [listingId, url, fingerprint, status] of JSON.parse(d.entries) as Entry[]) {
        if (status === 'withdrawn') known.delete(listingId);
        else known.set(listingId, { url, fingerprint, status });
      }
    }
    return { known, journalDocs: changes.length };
  }

  /** One insert per page, whatever its size; `seq` is the portal's new `stateVersion`. */
  async save(portal: Portal, seq: number, changes: ListingChange[], now = new Date()): Promise<void> {
    if (changes.length === 0) return;
    const entries: Entry[] = changes.map((c) => [c.listingId, c.url, c.fingerprint, c.status]);
    await this.journal.collection.insertOne({ _id: `${portal}:${seq}`, portal, kind: 'changes', seq, part: 0, parts: 1, at: now, entries: JSON.stringify(entries) } as never);
  }

  /**
   * Writes every known listing as of `seq` and deletes the journal documents it covers (and
   * parse failures older than a week: FerretDB has no TTL indexes). A crash in between leaves
   * both, and loading takes the newest complete snapshot.
   */
  async compact(portal: Portal, seq: number, known: Map<string, KnownListing>, now = new Date()): Promise<void> {
    const entries: Entry[] = [...known].filter(([, k]) => k.status !== 'withdrawn').map(([id, k]) => [id, k.url, k.fingerprint, k.status]);
    const parts = Math.max(1, Math.ceil(entries.length / ENTRIES_PER_PART));
    const docs = Array.from({ length: parts }, (_, part) => ({
      _id: `${portal}:${seq}:s${part}`, portal, kind: 'snapshot', seq, part, parts, at: now,
      entries: JSON.stringify(entries.slice(part * ENTRIES_PER_PART, (part + 1) * ENTRIES_PER_PART)),
    }));
    await this.journal.collection.insertMany(docs as never[], { ordered: true });
    await this.journal.deleteMany({ portal, $or: [{ seq: { $lt: seq } }, { seq, kind: 'changes' }] });
    await this.failures.deleteMany({ portal, at: { $lt: new Date(now.getTime() - FAILURES_KEPT_MS) } });
  }

  async saveFailures(failures: ParseFailure[]): Promise<void> {
    if (failures.length > 0) await this.failures.insertMany(failures, { ordered: false });
  }

  async recentFailures(portal: Portal, limit = 20): Promise<ParseFailure[]> {
    const docs = await this.failures.find({ portal }, { _id: 0 }).sort({ at: -1 }).limit(limit).lean();
    return docs.map((d) => ({ portal: d.portal as Portal, url: d.url, reason: d.reason, at: d.at }));
  }
}
