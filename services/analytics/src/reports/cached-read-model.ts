import { LRUCache } from 'lru-cache';
import type { AdType, RealEstateType } from '@rr/proto';
import type { StoredBucket } from '../domain/bucket-report';
import { countsIdOf, countsInWindow, idOf, type BucketCount, type CountsByMonth, type RawCounts, type StoredCounts, type VersionedBucket } from '../repositories/price-bucket.repository';

/** What the cache reads from the database (the repository). */
export type VersionedSource = {
  rawCountsByIds(ids: readonly string[]): Promise<RawCounts[]>;
  bucketsByIds(ids: readonly string[]): Promise<VersionedBucket[]>;
  findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]>;
};

type Entry<T> = { version: number; value: T };

/**
 * The read model as reports read it, with the counts and bucket documents they read kept decoded
 * in memory between reports, each under the version it was read at (docs/decisions.md, "Report
 * reads"). Versions make it correct under new offer events written by any instance: every report
 * reads its counts documents (one read by `_id`) and parses only those whose version differs from
 * the copy held, and a counts entry names its bucket's version, so a cached bucket of another
 * version is read again. Bounded by the characters of the stored JSON (an LRU), whatever the history.
 */
export class CachedReadModel {
  private readonly counts: LRUCache<string, Entry<StoredCounts>>;
  private readonly buckets: LRUCache<string, Entry<VersionedBucket>>;
  /** Reads answered from memory and from the database, for the health details and the benchmark. */
  readonly stats = { countsHits: 0, countsReads: 0, bucketHits: 0, bucketReads: 0 };

  constructor(private readonly source: VersionedSource, limits: { countsChars: number; bucketChars: number }) {
    this.counts = new LRUCache({ maxSize: limits.countsChars, sizeCalculation: (e) => Math.max(1, e.value.chars) });
    this.buckets = new LRUCache({ maxSize: limits.bucketChars, sizeCalculation: (e) => Math.max(1, e.value.chars) });
  }

  /** Offers per layout of every bucket of the place keys within the months (as the repository's `findCounts`), each with its bucket's version. */
  async findCounts(placeKeys: readonly string[], adType: AdType, fromMonth: string, toMonth: string): Promise<BucketCount[]> {
    const ids = [...new Set(placeKeys.map((k) => countsIdOf(k, adType)))];
    // One read of the documents as stored; only those newer than the copy held are parsed.
    const docs: StoredCounts[] = [];
    for (const raw of await this.source.rawCountsByIds(ids)) {
      const entry = this.counts.get(raw.id);
      if (entry && entry.version === raw.version) {
        docs.push(entry.value);
        this.stats.countsHits++;
        continue;
      }
      const doc = { id: raw.id, placeKey: raw.placeKey, version: raw.version, months: JSON.parse(raw.json) as CountsByMonth, chars: raw.json.length };
      this.counts.set(raw.id, { version: raw.version, value: doc });
      this.stats.countsReads++;
      docs.push(doc);
    }
    return countsInWindow(docs, fromMonth, toMonth);
  }

  /** The buckets the counts entries name, from memory when the copy is the entry's version, the rest in one read by id. */
  async findBuckets(adType: AdType, counts: readonly BucketCount[]): Promise<StoredBucket[]> {
    const out: StoredBucket[] = [];
    const missing: string[] = [];
    for (const c of counts) {
      const id = idOf({ ...c, adType });
      const entry = this.buckets.get(id);
      // The same version only: a copy written after its counts is read again (rarely), and a
      // rebuilt model, whose versions start again at 1, is never answered from an older copy.
      if (entry && entry.version === c.version) {
        out.push(entry.value);
        this.stats.bucketHits++;
      } else missing.push(id);
    }
    for (const b of await this.source.bucketsByIds(missing)) {
      this.buckets.set(b.id, { version: b.version, value: b });
      this.stats.bucketReads++;
      out.push(b);
    }
    return out;
  }

  /** Range reads (RadarPrice, the watchdog form's count) go to the database as before. */
  findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]> {
    return this.source.findForPlaces(placeKeys, adType, realEstateType, fromMonth, toMonth);
  }
}
