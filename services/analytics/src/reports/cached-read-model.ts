import { LRUCache } from 'lru-cache';
import type { AdType, RealEstateType } from '@rr/proto';
import { bucketIdOf, countsIdOf } from '../domain/bucket-changes';
import type { ReportBucket, StoredBucket } from '../domain/bucket-report';
import { PackedCells } from '../domain/packed-cells';
import { countsInWindow, parseCounts, type BucketCount, type CountsVersion, type RawCounts, type StoredCounts, type VersionedBucket } from '../repositories/price-bucket.repository';

/** What the cache reads from the database (the repository). */
export type VersionedSource = {
  rawCountsByIds(ids: readonly string[]): Promise<RawCounts[]>;
  bucketsByIds(ids: readonly string[]): Promise<VersionedBucket[]>;
  findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]>;
};

type Entry<T> = { version: number; value: T };
/** A bucket copy: packed, with what a report reads beside its cells. */
type HeldBucket = ReportBucket & { cells: PackedCells };
const held = (b: VersionedBucket): Entry<HeldBucket> => ({ version: b.version, value: { placeKey: b.placeKey, realEstateType: b.realEstateType, month: b.month, cells: PackedCells.of(b.cells) } });

/**
 * A copy held while following is trusted this long at most: the bound on staleness should a
 * notice be lost for good (its writer failed to send it).
 */
export const FOLLOWED_COPY_TTL_MS = 10 * 60_000;
/** Buckets a read while warming. */
const WARM_READ = 500;
/** Warming reads buckets until their copies take this share of their bound. */
const WARM_FILL = 0.9;

/** Whether a copy holds every month from `fromMonth` on. */
const covers = (doc: StoredCounts, fromMonth: string) => !doc.since || doc.since <= fromMonth;

/** A counts document with only the months from `fromMonth` on (warmed copies: most reports ask for the default window), its size in proportion. */
function sinceMonth(doc: StoredCounts, fromMonth: string): StoredCounts {
  const all = Object.keys(doc.months);
  const later = all.filter((m) => m >= fromMonth);
  if (later.length === all.length) return doc;
  return { ...doc, months: Object.fromEntries(later.map((m) => [m, doc.months[m]])), chars: Math.max(1, Math.round((doc.chars * later.length) / all.length)), since: fromMonth };
}

/** A pause as long as the work since `started` took: warming takes at most about half of the time. */
const pauseAsLongAs = (started: number) => new Promise((resolve) => setTimeout(resolve, Date.now() - started));
/** Versions announced, remembered for reads that were in flight when their notice came. */
const ANNOUNCED_KEPT = 100_000;

/**
 * The read model as reports read it, with the counts and bucket documents they read kept decoded
 * in memory between reports, each under the version it was read at (docs/decisions.md, "Report
 * reads"). A counts entry names its bucket's version, so a cached bucket of another version is
 * read again: the counts decide what is current. For the counts there are two modes.
 * - *Checking* (at start, or when the notices stop): every report reads its counts documents
 *   (one read by `_id`) and parses only those whose version differs from the copy held.
 * - *Following* (`follow`): every change of a counts document is announced to every instance
 *   (`bucket-counts.changed`, `changed`), so a copy held is current until a notice says
 *   otherwise, and a report whose documents are all held reads nothing from the database.
 * Bounded (LRUs) by the characters of the counts' stored JSON and the bytes of the buckets held
 * packed (`PackedCells`), whatever the history.
 */
export class CachedReadModel {
  private readonly counts: LRUCache<string, Entry<StoredCounts>>;
  private readonly buckets: LRUCache<string, Entry<HeldBucket>>;
  private readonly announced = new LRUCache<string, number>({ max: ANNOUNCED_KEPT });
  private following = false;
  /** Reads answered from memory and from the database, for the health details and the benchmark. */
  readonly stats = { countsHits: 0, countsReads: 0, bucketHits: 0, bucketReads: 0, noticed: 0 };

  constructor(private readonly source: VersionedSource, limits: { countsChars: number; bucketBytes: number }) {
    this.counts = new LRUCache({ maxSize: limits.countsChars, sizeCalculation: (e) => Math.max(1, e.value.chars) });
    this.buckets = new LRUCache({ maxSize: limits.bucketBytes, sizeCalculation: (e) => e.value.cells.bytes });
  }

  /** What the copies hold, for the health details. */
  get held(): { counts: number; countsChars: number; buckets: number; bucketBytes: number } {
    return { counts: this.counts.size, countsChars: this.counts.calculatedSize, buckets: this.buckets.size, bucketBytes: this.buckets.calculatedSize };
  }

  get isFollowing(): boolean {
    return this.following;
  }

  /**
   * Every change from now on will be announced (the instance read its own probe back): trust
   * the copies read from here on. Those held from before were checked only when last read.
   */
  follow(): void {
    this.counts.clear();
    this.following = true;
  }

  /** The notices stopped coming (their consumer failed): check every copy again. */
  unfollow(): void {
    this.following = false;
  }

  /** Counts documents written at these versions: older copies go. */
  changed(counts: readonly CountsVersion[]): void {
    for (const { id, version } of counts) {
      this.stats.noticed++;
      if (version > (this.announced.get(id) ?? 0)) this.announced.set(id, version);
      const held = this.counts.peek(id);
      if (held && held.version < version) this.counts.delete(id);
    }
  }

  /** Offers per layout of every bucket of the place keys within the months (as the repository's `findCounts`), each with its bucket's version. */
  async findCounts(placeKeys: readonly string[], adType: AdType, fromMonth: string, toMonth: string): Promise<BucketCount[]> {
    const ids = [...new Set(placeKeys.map((k) => countsIdOf(k, adType)))];
    const docs: StoredCounts[] = [];
    let toRead = ids;
    const following = this.following;
    if (following) {
      toRead = [];
      for (const id of ids) {
        const entry = this.counts.get(id);
        if (entry && covers(entry.value, fromMonth)) {
          docs.push(entry.value);
          this.stats.countsHits++;
        } else toRead.push(id);
      }
      if (toRead.length === 0) return countsInWindow(docs, fromMonth, toMonth);
    }
    // One read of the documents as stored; only those newer than the copy held are parsed.
    const found = new Set<string>();
    for (const raw of await this.source.rawCountsByIds(toRead)) {
      found.add(raw.id);
      const entry = this.counts.get(raw.id);
      if (entry && entry.version === raw.version && covers(entry.value, fromMonth)) {
        docs.push(entry.value);
        this.stats.countsHits++;
        continue;
      }
      const doc = parseCounts(raw);
      this.keep(doc, following);
      this.stats.countsReads++;
      docs.push(doc);
    }
    // A place key without offers yet is held as empty while following: its first offer's notice (version 1) ends that.
    if (following) for (const id of toRead) if (!found.has(id)) this.keep({ id, placeKey: '', version: 0, months: {}, chars: id.length }, true);
    return countsInWindow(docs, fromMonth, toMonth);
  }

  private keep(doc: StoredCounts, following: boolean): void {
    // A notice newer than what was read came while the read was in flight: the copy is old already.
    if (following && (this.announced.get(doc.id) ?? 0) > doc.version) return;
    const held = this.counts.peek(doc.id);
    if (held && (held.version > doc.version || (held.version === doc.version && covers(held.value, doc.since ?? '')))) return;
    this.counts.set(doc.id, { version: doc.version, value: doc }, following ? { ttl: FOLLOWED_COPY_TTL_MS } : {});
  }

  /**
   * Fills the copies while following: every counts document (the months from `fromMonth` on),
   * and the buckets of those months that they name while the bucket copies have room, a page at
   * a time, each read followed by a pause as long as it took (so warming takes at most about half
   * of the database's time). Stops early when the copies stop being followed or `signal` aborts.
   */
  async warm(pages: AsyncIterable<RawCounts[]>, fromMonth: string, toMonth: string, signal?: AbortSignal): Promise<{ counts: number; buckets: number }> {
    const warmed = { counts: 0, buckets: 0 };
    const going = () => this.following && !signal?.aborted;
    const iterator = pages[Symbol.asyncIterator]();
    for (;;) {
      let started = Date.now();
      const next = await iterator.next();
      if (next.done || !going()) break;
      const docs = next.value.map((raw) => sinceMonth(parseCounts(raw), fromMonth));
      for (const doc of docs) this.keep(doc, true);
      warmed.counts += docs.length;
      await pauseAsLongAs(started);
      // Buckets only while they fit: warming more than the bound holds would only push out what it read.
      const ids: string[] = [];
      for (const doc of docs) {
        const adType = doc.id.slice(doc.id.lastIndexOf('|') + 1) as AdType;
        for (const c of countsInWindow([doc], fromMonth, toMonth)) {
          const id = bucketIdOf({ ...c, adType });
          if (this.buckets.peek(id)?.version !== c.version) ids.push(id);
        }
      }
      for (let i = 0; i < ids.length && going() && this.buckets.calculatedSize < this.buckets.maxSize * WARM_FILL; i += WARM_READ) {
        started = Date.now();
        for (const b of await this.source.bucketsByIds(ids.slice(i, i + WARM_READ))) this.buckets.set(b.id, held(b));
        warmed.buckets += Math.min(WARM_READ, ids.length - i);
        await pauseAsLongAs(started);
      }
    }
    await iterator.return?.();
    return warmed;
  }

  /** The buckets the counts entries name, from memory when the copy is the entry's version, the rest in one read by id. */
  async findBuckets(adType: AdType, counts: readonly BucketCount[]): Promise<ReportBucket[]> {
    const out: ReportBucket[] = [];
    const missing: string[] = [];
    for (const c of counts) {
      const id = bucketIdOf({ ...c, adType });
      const entry = this.buckets.get(id);
      // The same version only: a copy written after its counts is read again (rarely), and a
      // rebuilt model, whose versions start again at 1, is never answered from an older copy.
      if (entry && entry.version === c.version) {
        out.push(entry.value);
        this.stats.bucketHits++;
      } else missing.push(id);
    }
    for (const b of await this.source.bucketsByIds(missing)) {
      const entry = held(b);
      this.buckets.set(b.id, entry);
      this.stats.bucketReads++;
      out.push(entry.value);
    }
    return out;
  }

  /** Range reads (RadarPrice, the watchdog form's count) go to the database as before. */
  findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]> {
    return this.source.findForPlaces(placeKeys, adType, realEstateType, fromMonth, toMonth);
  }
}
