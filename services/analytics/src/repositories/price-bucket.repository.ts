import type { AdType, RealEstateType } from '@rr/proto';
import type { Connection, Model } from 'mongoose';
import { bucketIdOf, countsIdOf, type BucketChange, type BucketKey } from '../domain/bucket-changes';
import type { StoredBucket } from '../domain/bucket-report';
import type { BucketCells, LayoutCounts } from '../domain/price-bucket';
import { fileBuckets, fileCounts, keepReportMonths, type BatchMark, type FiledBucketVersion } from './bucket-filing';
import { bucketCountModel, priceBucketModel, type BucketCountDoc, type PriceBucketDoc } from './price-bucket.model';
import type { DocsById } from './versioned-writes';

/** One bucket's offers per layout, as its place key's counts document holds them: `version` is the bucket's when they were filed. */
export type BucketCount = { placeKey: string; realEstateType: RealEstateType; month: string; layouts: LayoutCounts; version: number };
/** A counts document's `months`: month → property type → the bucket's version and offers per layout. */
export type CountsByMonth = Record<string, Record<string, { v: number; l: LayoutCounts }>>;
/** A place key's counts document as read: `version` changes whenever a bucket of the key does. */
export type StoredCounts = {
  id: string; placeKey: string; version: number; months: CountsByMonth; chars: number;
  /** The earliest month held, when a copy holds only the later months (warmed for the default window). */
  since?: string;
};
/** A counts document as stored: `json` is its `months`. */
export type RawCounts = { id: string; placeKey: string; version: number; json: string };
/** A bucket as read by id, with the version it was read at. */
export type VersionedBucket = StoredBucket & { id: string; version: number; chars: number };
/** A whole bucket for a bulk load: its key and its cells once every offer of it is filed. */
export type FiledBucket = { key: BucketKey; cells: BucketCells };
/** A place key's offers per layout of every month and property type, for a bulk load. */
export type FiledCounts = { placeKey: string; adType: AdType; months: Record<string, Partial<Record<RealEstateType, LayoutCounts>>> };
const BULK = 1_000;

/** A counts document as stored, decoded. */
export const parseCounts = (raw: RawCounts): StoredCounts => ({ id: raw.id, placeKey: raw.placeKey, version: raw.version, months: JSON.parse(raw.json) as CountsByMonth, chars: raw.json.length });

/** A counts document's `_id` and a version it was written at. */
export type CountsVersion = { id: string; version: number };

/** The entries of counts documents within [fromMonth, toMonth]. */
export function countsInWindow(docs: readonly StoredCounts[], fromMonth: string, toMonth: string): BucketCount[] {
  const out: BucketCount[] = [];
  for (const d of docs) {
    for (const month in d.months) {
      if (month < fromMonth || month > toMonth) continue;
      const types = d.months[month];
      for (const realEstateType in types) out.push({ placeKey: d.placeKey, realEstateType: realEstateType as RealEstateType, month, layouts: types[realEstateType].l, version: types[realEstateType].v });
    }
  }
  return out;
}

export class PriceBucketRepository {
  readonly model: Model<PriceBucketDoc>;
  readonly counts: Model<BucketCountDoc>;

  constructor(connection: Connection) {
    this.model = priceBucketModel(connection);
    this.counts = bucketCountModel(connection);
  }

  async init(): Promise<void> {
    await Promise.all([this.model.init(), this.counts.init()]);
  }

  /**
   * The buckets of one property type in some places (a place, or a radius's four grid cells) for
   * months in [fromMonth, toMonth] (`YYYY-MM`), in one read (`$in` is answered from the index).
   */
  async findForPlaces(placeKeys: readonly string[], adType: AdType, realEstateType: RealEstateType, fromMonth: string, toMonth: string): Promise<StoredBucket[]> {
    const docs = await this.model
      .find({ placeKey: placeKeys.length === 1 ? placeKeys[0] : { $in: placeKeys }, adType, realEstateType, month: { $gte: fromMonth, $lte: toMonth } }, { placeKey: 1, month: 1, cells: 1 })
      .lean<Pick<PriceBucketDoc, 'placeKey' | 'month' | 'cells'>[]>();
    return docs.map((d) => ({ placeKey: d.placeKey, realEstateType, month: d.month, cells: JSON.parse(d.cells) as BucketCells, chars: d.cells.length }));
  }

  /** Offers per layout of every property type's buckets in the places and months: one small read per place key. */
  async findCounts(placeKeys: readonly string[], adType: AdType, fromMonth: string, toMonth: string): Promise<BucketCount[]> {
    return countsInWindow(await this.countsByIds(placeKeys.map((k) => countsIdOf(k, adType))), fromMonth, toMonth);
  }

  /** The buckets some counts entries name (`findCounts`' answer for one property type), by id. */
  async findBuckets(adType: AdType, counts: readonly BucketCount[]): Promise<StoredBucket[]> {
    return this.bucketsByIds(counts.map((c) => bucketIdOf({ ...c, adType })));
  }

  /** Whole counts documents by `_id` (`<placeKey>|<adType>`). */
  async countsByIds(ids: readonly string[]): Promise<StoredCounts[]> {
    return (await this.rawCountsByIds(ids)).map(parseCounts);
  }

  /** Counts documents by `_id` with their months still as stored (JSON): a cache parses only those newer than its copies. */
  async rawCountsByIds(ids: readonly string[]): Promise<RawCounts[]> {
    const docs = await this.counts.find({ _id: { $in: ids } }, { placeKey: 1, months: 1, version: 1 }).lean<Pick<BucketCountDoc, '_id' | 'placeKey' | 'months' | 'version'>[]>();
    return docs.map((d) => ({ id: d._id, placeKey: d.placeKey, version: d.version, json: d.months }));
  }

  /** Every counts document as stored, a page at a time (warming the reports' copies at start): one read of the whole collection. */
  async *rawCountsPages(pageSize: number): AsyncGenerator<RawCounts[]> {
    let page: RawCounts[] = [];
    const cursor = this.counts.find({}, { placeKey: 1, months: 1, version: 1 }).lean<Pick<BucketCountDoc, '_id' | 'placeKey' | 'months' | 'version'>>().cursor({ batchSize: pageSize });
    for await (const d of cursor) {
      page.push({ id: d._id, placeKey: d.placeKey, version: d.version, json: d.months });
      if (page.length === pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  /** Buckets by `_id` (`bucketIdOf`), each with the version it was read at, in one read. */
  async bucketsByIds(ids: readonly string[]): Promise<VersionedBucket[]> {
    if (ids.length === 0) return [];
    const docs = await this.model
      .find({ _id: { $in: ids } }, { placeKey: 1, realEstateType: 1, month: 1, cells: 1, version: 1 })
      .lean<Pick<PriceBucketDoc, '_id' | 'placeKey' | 'realEstateType' | 'month' | 'cells' | 'version'>[]>();
    return docs.map((d) => ({ id: d._id, version: d.version, placeKey: d.placeKey, realEstateType: d.realEstateType as RealEstateType, month: d.month, cells: JSON.parse(d.cells) as BucketCells, chars: d.cells.length }));
  }

  /**
   * Files a batch's folded changes into its buckets (`bucket-filing.ts`), each read and written
   * once; `fileCounts` then files them in their place keys' counts. Answers the buckets at their
   * new versions; `mark` names the batch, so that filing it again after a failure does not file
   * a change twice.
   */
  fileBuckets(changes: readonly BucketChange[], mark?: BatchMark): Promise<FiledBucketVersion[]> {
    return fileBuckets(this.model.collection as unknown as DocsById, changes, mark);
  }

  /** The filed buckets' entries in their place keys' counts documents. Answers the counts documents written, at their new versions. */
  fileCounts(filed: readonly FiledBucketVersion[]): Promise<CountsVersion[]> {
    return fileCounts(this.counts.collection as unknown as DocsById, filed);
  }

  /**
   * Bulk load (a benchmark's seed, a rebuild from a snapshot): whole buckets inserted as `fileBuckets`
   * leaves them once their offers are filed, at version 1. Only into keys not stored yet.
   */
  async insertBuckets(buckets: readonly FiledBucket[]): Promise<void> {
    const docs = buckets.map((b) => ({ _id: bucketIdOf(b.key), ...b.key, cells: JSON.stringify(b.cells), version: 1 }));
    for (let i = 0; i < docs.length; i += BULK) await this.model.insertMany(docs.slice(i, i + BULK), { ordered: false, lean: true });
  }

  /** Bulk load of the counts beside `insertBuckets`' buckets: each entry from its bucket's version 1, months kept as `fileCounts` keeps them. */
  async insertCounts(counts: readonly FiledCounts[]): Promise<void> {
    const docs = counts.map((c) => {
      const months: CountsByMonth = {};
      for (const [month, types] of Object.entries(c.months)) {
        months[month] = {};
        for (const [type, layouts] of Object.entries(types)) months[month][type] = { v: 1, l: layouts! };
      }
      keepReportMonths(months);
      return { _id: countsIdOf(c.placeKey, c.adType), placeKey: c.placeKey, adType: c.adType, months: JSON.stringify(months), version: 1 };
    });
    for (let i = 0; i < docs.length; i += BULK) await this.counts.insertMany(docs.slice(i, i + BULK), { ordered: false, lean: true });
  }
}
