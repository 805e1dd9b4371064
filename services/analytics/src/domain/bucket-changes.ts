import type { AdType, RealEstateType } from '@rr/proto';
import { bucketKeysOf } from './apply-event';
import type { FactChange } from './fold-offer-events';
import type { OfferFact } from './offer-fact';
import { contribute, type BucketCells } from './price-bucket';

export type BucketKey = { placeKey: string; adType: AdType; realEstateType: RealEstateType; month: string };
/** A bucket document's `_id`. */
export const bucketIdOf = (k: BucketKey) => `${k.placeKey}|${k.adType}|${k.realEstateType}|${k.month}`;
/** The `_id` of a place key's counts document (`bucket_counts`). */
export const countsIdOf = (placeKey: string, adType: AdType) => `${placeKey}|${adType}`;

/** What a batch does to one bucket: the offers' contributions to take out and to put in. */
export type BucketChange = { key: BucketKey; out: OfferFact[]; in: OfferFact[] };

/**
 * Every bucket a batch's fact changes touch, each with all of its contributions: an offer's fact
 * as stored comes out of its buckets and the fact the batch leaves goes in, so a bucket shared by
 * many offers of the batch (a region, a coarse grid cell) is read and written once.
 */
export function bucketChangesOf(changes: readonly FactChange[]): BucketChange[] {
  const byId = new Map<string, BucketChange>();
  const file = (fact: OfferFact, side: 'out' | 'in') => {
    for (const placeKey of bucketKeysOf(fact)) {
      const key = { placeKey, adType: fact.adType, realEstateType: fact.realEstateType, month: fact.publishedMonth };
      const id = bucketIdOf(key);
      const change = byId.get(id) ?? { key, out: [], in: [] };
      change[side].push(fact);
      byId.set(id, change);
    }
  };
  for (const { before, after } of changes) {
    if (before) file(before, 'out');
    file(after, 'in');
  }
  return [...byId.values()];
}

/** Applies a bucket's change to its cells (as stored, or again after another writer's): what leaves first. */
export function applyBucketChange(cells: BucketCells, change: BucketChange): void {
  for (const fact of change.out) contribute(cells, fact, -1);
  for (const fact of change.in) contribute(cells, fact, 1);
}
