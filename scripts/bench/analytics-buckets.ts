import type { Connection } from 'mongoose';
import type { AdType, RealEstateType } from '@rr/proto';
import { bucketKeysOf } from '@rr/analytics/src/domain/apply-event';
import type { OfferFact } from '@rr/analytics/src/domain/offer-fact';
import { contribute, layoutCountsOf, type BucketCells } from '@rr/analytics/src/domain/price-bucket';
import { PriceBucketRepository, type FiledCounts } from '@rr/analytics/src/repositories/price-bucket.repository';

type Bucket = { placeKey: string; adType: AdType; realEstateType: RealEstateType; month: string; cells: BucketCells };

/**
 * The analytics read model's buckets of a market, filed with the service's own code (its place
 * and grid-cell keys, its histograms), from `fromMonth` on: what the service would have built from
 * the offers' events, without replaying them one by one, written in bulk in its storage format.
 * Memory is per bucket, not per offer; a caller that adds offers in publication order can
 * `flushBefore` a month to write and forget the buckets of the months before it (the per-place
 * counts, one small entry per bucket, are kept to the end).
 */
export class BucketFiler {
  /** Buckets not written yet (after `store` without flushes: all of them). */
  readonly buckets = new Map<string, Bucket>();
  private readonly counts = new Map<string, FiledCounts>();
  filed = 0;
  /** Bucket documents written. */
  written = 0;

  constructor(private readonly fromMonth: string) {}

  add(f: OfferFact): void {
    if (f.publishedMonth < this.fromMonth) return;
    this.filed += 1;
    for (const placeKey of bucketKeysOf(f)) {
      const id = `${placeKey}|${f.adType}|${f.realEstateType}|${f.publishedMonth}`;
      const b = this.buckets.get(id) ?? { placeKey, adType: f.adType, realEstateType: f.realEstateType, month: f.publishedMonth, cells: {} };
      contribute(b.cells, f, 1);
      this.buckets.set(id, b);
    }
  }

  /** Writes the buckets of months before `month` and forgets them; their counts wait for `store`. */
  async flushBefore(conn: Connection, month: string): Promise<void> {
    const done = [...this.buckets.entries()].filter(([, b]) => b.month < month);
    if (done.length === 0) return;
    await this.write(conn, done.map(([, b]) => b));
    for (const [id] of done) this.buckets.delete(id);
  }

  /** Writes the remaining buckets and every place key's counts as the service stores them; answers the bucket documents written in all. */
  async store(conn: Connection): Promise<number> {
    await this.write(conn, [...this.buckets.values()]);
    await new PriceBucketRepository(conn).insertCounts([...this.counts.values()]);
    return this.written;
  }

  private async write(conn: Connection, buckets: Bucket[]): Promise<void> {
    const repo = new PriceBucketRepository(conn);
    if (this.written === 0) await Promise.all([repo.model.syncIndexes(), repo.counts.syncIndexes()]);
    await repo.insertBuckets(buckets.map((b) => ({ key: { placeKey: b.placeKey, adType: b.adType, realEstateType: b.realEstateType, month: b.month }, cells: b.cells })));
    for (const b of buckets) {
      const id = `${b.placeKey}|${b.adType}`;
      const c = this.counts.get(id) ?? { placeKey: b.placeKey, adType: b.adType, months: {} };
      (c.months[b.month] ??= {})[b.realEstateType] = layoutCountsOf(b.cells);
      this.counts.set(id, c);
    }
    this.written += buckets.length;
  }
}
