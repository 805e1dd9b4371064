import { LRUCache } from 'lru-cache';
import type { AdType, RealEstateType } from '@rr/proto';
import type { StoredBucket } from '../domain/bucket-report';
import { countsIdOf, countsInWindow, idOf, type BucketCount, type StoredCounts, type VersionedBucket } from '../repositories/price-bucket.repository';

/** What the cache reads from the database (the repository). */
export type VersionedSource = {
  countsByIds(ids: readonly string[]): Promise<StoredCounts[]>;
  countVersions(ids: readonly string[]): Promise<Map<string, number>>;
  bucketsByIds(ids: readonly string[]): Promise<VersionedBucket[]>;
  findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]>;
};

type Entry<T> = { version: number; value: T };

/**
 * The read model as reports read it, with the counts and bucket documents they read kept decoded
 * in memory between reports, each under the version it was read at (docs/decisions.md, "Report
 * reads"). Versions make it correct under new offer events written by any instance: every report
 * reads the versions of its counts documents first (a small read: their months stay in the
 * database), takes a cached copy only when it is as new as the database's, and a counts entry
 * names its bucket's version, so a cached bucket older than the counts is read again. Bounded by
 * the characters of the stored JSON (an LRU), whatever the history.
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
    const cached = ids.filter((id) => this.counts.has(id));
    const uncached = ids.filter((id) => !this.counts.has(id));
    // Copies held are checked against the database's versions while the others are read whole.
    const [versions, read] = await Promise.all([
      cached.length ? this.source.countVersions(cached) : Promise.resolve(new Map<string, number>()),
      uncached.length ? this.source.countsByIds(uncached) : Promise.resolve([]),
    ]);
    const docs: StoredCounts[] = [...read];
    const stale: string[] = [];
    for (const id of cached) {
      const version = versions.get(id);
      if (version === undefined) continue; // gone from the database (a rebuild)
      const entry = this.counts.get(id);
      if (entry && entry.version >= version) {
        docs.push(entry.value);
        this.stats.countsHits++;
      } else stale.push(id);
    }
    const reread = stale.length ? await this.source.countsByIds(stale) : [];
    for (const d of [...read, ...reread]) {
      this.counts.set(d.id, { version: d.version, value: d });
      this.stats.countsReads++;
      if (reread.includes(d)) docs.push(d);
    }
    return countsInWindow(docs, fromMonth, toMonth);
  }

  /** The buckets the counts entries name, from memory when the copy is at least the entry's version, the rest in one read by id. */
  async findBuckets(adType: AdType, counts: readonly BucketCount[]): Promise<StoredBucket[]> {
    const out: StoredBucket[] = [];
    const missing: string[] = [];
    for (const c of counts) {
      const id = idOf({ ...c, adType });
      const entry = this.buckets.get(id);
      if (entry && entry.version >= c.version) {
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
