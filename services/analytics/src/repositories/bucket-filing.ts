import { MAX_REPORT_MONTHS } from '@rr/proto';
import { applyBucketChange, bucketIdOf, countsIdOf, type BucketChange, type BucketKey } from '../domain/bucket-changes';
import { layoutCountsOf, type BucketCells, type LayoutCounts } from '../domain/price-bucket';
import type { BucketCountDoc, PriceBucketDoc } from './price-bucket.model';
import type { CountsByMonth, CountsVersion } from './price-bucket.repository';
import { changeVersioned, type DocsById, type PlannedWrite } from './versioned-writes';

/** Months of counts kept per place key: the longest report window and the month in progress, with a margin. */
const KEPT_MONTHS = MAX_REPORT_MONTHS + 3;

/** A bucket as written: its key, its offers per layout and its new version, the entry its place key's counts take. */
export type FiledBucketVersion = { key: BucketKey; layouts: LayoutCounts; version: number };

/** Months beyond what a report can ask for are dropped, so the counts document stays small. */
export function keepReportMonths(months: Record<string, unknown>): void {
  for (const month of Object.keys(months).sort().slice(0, -KEPT_MONTHS)) delete months[month];
}

/**
 * Which batch filed a bucket last, per source (a topic partition: only one consumer files a
 * partition's batches, one after another): `{ source: token }` in the bucket's `marks`.
 */
export type BatchMark = { source: string; token: string };

/**
 * Applies each change to its bucket as stored, every bucket read once and written once (see
 * `changeVersioned` for another writer in between). A bucket the changes leave as it was (an
 * update that moved no contribution) is not written. With a `mark`, every bucket written records
 * it, and a bucket that holds it already (the same batch filed again after a failure) is answered
 * as it is: its change is in it. Other sources' batches leave a source's mark alone, so it tells
 * even when they wrote the bucket in between.
 */
export async function fileBuckets(buckets: DocsById, changes: readonly BucketChange[], mark?: BatchMark): Promise<FiledBucketVersion[]> {
  type Stored = Pick<PriceBucketDoc, '_id' | 'cells' | 'version' | 'marks'>;
  const plans = new Map<string, PlannedWrite<Stored, BucketKey & { layouts: LayoutCounts }>>();
  for (const change of changes) {
    plans.set(bucketIdOf(change.key), (doc) => {
      if (doc && mark && doc.marks?.[mark.source] === mark.token) return { asIs: true, result: { ...change.key, layouts: layoutCountsOf(JSON.parse(doc.cells) as BucketCells) } };
      const cells = doc ? (JSON.parse(doc.cells) as BucketCells) : {};
      applyBucketChange(cells, change);
      const json = JSON.stringify(cells);
      if (json === (doc?.cells ?? '{}')) return null;
      const marked = !mark ? {} : doc ? { [`marks.${mark.source}`]: mark.token } : { marks: { [mark.source]: mark.token } };
      return { set: { cells: json, ...marked }, onInsert: { ...change.key }, result: { ...change.key, layouts: layoutCountsOf(cells) } };
    });
  }
  const written = await changeVersioned(buckets, plans, { cells: 1, marks: 1 }, 'price buckets');
  return written.map(({ result: { layouts, ...key }, version }) => ({ key, layouts, version }));
}

/**
 * Files written buckets' offers per layout in their place keys' counts documents, each document
 * read once and written once; an entry stays when a later version of its bucket is there already
 * (writers can finish out of order). Answers the counts documents written, at their new versions.
 */
export async function fileCounts(counts: DocsById, filed: readonly FiledBucketVersion[]): Promise<CountsVersion[]> {
  type Stored = Pick<BucketCountDoc, '_id' | 'months' | 'version'>;
  const byDoc = new Map<string, FiledBucketVersion[]>();
  for (const f of filed) {
    const id = countsIdOf(f.key.placeKey, f.key.adType);
    const entries = byDoc.get(id) ?? [];
    entries.push(f);
    byDoc.set(id, entries);
  }
  const plans = new Map<string, PlannedWrite<Stored, string>>();
  for (const [id, entries] of byDoc) {
    plans.set(id, (doc) => {
      const months = doc ? (JSON.parse(doc.months) as CountsByMonth) : {};
      for (const { key, layouts, version } of entries) {
        const entry = months[key.month]?.[key.realEstateType];
        if (entry && entry.v >= version) continue;
        (months[key.month] ??= {})[key.realEstateType] = { v: version, l: layouts };
      }
      keepReportMonths(months);
      const json = JSON.stringify(months);
      if (json === (doc?.months ?? '{}')) return null;
      return { set: { months: json }, onInsert: { placeKey: entries[0].key.placeKey, adType: entries[0].key.adType }, result: id };
    });
  }
  return (await changeVersioned(counts, plans, { months: 1 }, 'bucket counts')).map(({ result, version }) => ({ id: result, version }));
}
