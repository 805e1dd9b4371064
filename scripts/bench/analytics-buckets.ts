import type { Connection } from 'mongoose';
import type { AdType, RealEstateType } from '@rr/proto';
import { bucketKeysOf } from '@rr/analytics/src/domain/apply-event';
import type { OfferFact } from '@rr/analytics/src/domain/offer-fact';
import { contribute, layoutCountsOf, type BucketCells } from '@rr/analytics/src/domain/price-bucket';
import { PriceBucketRepository } from '@rr/analytics/src/repositories/price-bucket.repository';

type Bucket = { placeKey: string; adType: AdType; realEstateType: RealEstateType; month: string; cells: BucketCells };

/**
 * The analytics read model's buckets of a market, filed with the service's own code (its place
 * and grid-cell keys, its histograms), from `fromMonth` on: what the service would have built from
 * the offers' events, without replaying them one by one. Kept in memory per bucket, not per offer.
 */
export class BucketFiler {
  readonly buckets = new Map<string, Bucket>();
  filed = 0;

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

  /** Writes the buckets and their per-place counts as the service stores them; answers the bucket documents' count. */
  async store(conn: Connection): Promise<number> {
    const repo = new PriceBucketRepository(conn);
    await Promise.all([repo.model.syncIndexes(), repo.counts.syncIndexes()]);
    const docs = [...this.buckets.entries()].map(([_id, b]) => ({ _id, ...b, cells: JSON.stringify(b.cells), version: 1 }));
    for (let i = 0; i < docs.length; i += 500) await repo.model.insertMany(docs.slice(i, i + 500), { ordered: false });
    const counts = new Map<string, { _id: string; placeKey: string; adType: string; months: Record<string, Record<string, unknown>> }>();
    for (const b of this.buckets.values()) {
      const _id = `${b.placeKey}|${b.adType}`;
      const c = counts.get(_id) ?? { _id, placeKey: b.placeKey, adType: b.adType, months: {} };
      (c.months[b.month] ??= {})[b.realEstateType] = { v: 1, l: layoutCountsOf(b.cells) };
      counts.set(_id, c);
    }
    const countDocs = [...counts.values()].map((c) => ({ ...c, months: JSON.stringify(c.months), version: 1 }));
    for (let i = 0; i < countDocs.length; i += 500) await repo.counts.insertMany(countDocs.slice(i, i + 500), { ordered: false });
    return docs.length;
  }
}
